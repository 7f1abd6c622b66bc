/**
 * The report's summary: its figures as the homes' cards (money in rupees, counts grouped), then its charts
 * (the one chart component: drawn after first paint, with its data table behind "Show as table").
 * Skeleton cards while loading; a failed load says so with Retry.
 */
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { FigureCards, FigureCardsSkeleton } from '../../components/home/FigureCards';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { figureText } from '../../lib/report-cells';
import type { ReportSummary } from '#shared/schemas/reports';
import { ReportChart } from '../../components/charts/ReportChart';
import { chartGrid, chartPanel } from './styles';

const retry = css({ mt: '3' });
/** Dimmed while new figures load. */
const figuresAndCharts = flex({ direction: 'column', gap: '4', transition: 'opacity 0.15s', '&[aria-busy=true]': { opacity: 0.6 } });

export function ReportSummaryView({ summary, loading, error, onRetry }: { summary: ReportSummary | null; loading: boolean; error: string | null; onRetry: () => void }) {
  if (error)
    return (
      <Alert tone="error" title="The figures could not be loaded">
        <p>{error}</p>
        <Button variant="outline" className={retry} onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    );
  if (!summary) return <FigureCardsSkeleton count={4} />;
  return (
    <div className={figuresAndCharts} aria-busy={loading || undefined}>
      {summary.figures.length > 0 && <FigureCards figures={summary.figures.map((figure) => ({ key: figure.key, label: figure.label, value: figureText(figure), href: null }))} />}
      {summary.charts.length > 0 && (
        <div className={chartGrid}>
          {summary.charts.map((chart) => (
            <div key={chart.key} className={chartPanel}>
              <ReportChart chart={chart} titleAs="h3" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
