/**
 * The report's summary: its figures as cards (money in rupees, counts grouped), then its charts
 * (the one chart component: drawn after first paint, with its data table behind "Show as table").
 * Skeleton cards while loading; a failed load says so with Retry.
 */
import { css } from 'styled-system/css';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { figureText } from '../../lib/report-cells';
import type { ReportSummary } from '../../lib/schemas/reports';
import { ReportChart } from '../../components/charts/ReportChart';
import { chartGrid, chartPanel, figureCard, figureGrid, figureLabel, figureValue } from './styles';

const skeleton = css({ h: '4.5rem', bg: 'bg.muted', borderRadius: 'lg', animation: 'pulse 1.6s ease-in-out infinite' });

export function ReportSummaryView({ summary, loading, error, onRetry }: { summary: ReportSummary | null; loading: boolean; error: string | null; onRetry: () => void }) {
  if (error)
    return (
      <Alert tone="error" title="The figures could not be loaded">
        <p>{error}</p>
        <Button variant="outline" className={css({ mt: '3' })} onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    );
  if (!summary)
    return (
      <div className={figureGrid} aria-busy="true" aria-label="Loading the figures">
        {[0, 1, 2, 3].map((n) => (
          <div key={n} className={skeleton} />
        ))}
      </div>
    );
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', opacity: loading ? 0.6 : 1, transition: 'opacity 0.15s' })} aria-busy={loading || undefined}>
      {summary.figures.length > 0 && (
        <dl className={figureGrid} aria-label="Figures">
          {summary.figures.map((figure) => (
            <div key={figure.key} className={figureCard}>
              <dt className={figureLabel}>{figure.label}</dt>
              <dd className={figureValue} data-testid={`figure-${figure.key}`}>
                {figureText(figure)}
              </dd>
            </div>
          ))}
        </dl>
      )}
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
