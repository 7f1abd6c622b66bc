/**
 * One chart of a dashboard or report (a `ReportChart` answer): its title, a legend, the drawing,
 * the figures of the point under the pointer, and the same numbers as a real table behind a
 * "Show as table" disclosure (always read by screen readers; the drawing is hidden from them).
 * With nothing to draw it says "No data in this period".
 *
 * The title, legend and table are in the first paint; the drawing (uPlot) loads after it
 * (`lazyPart`, when the browser is idle), in a box of the same height so nothing moves.
 * Usage: `<ReportChart chart={summary.charts.circulation} />`.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, useSyncExternalStore } from 'react';
import { cx } from 'styled-system/css';
import { figure } from 'styled-system/recipes';
import { isEmptyChart, pointSummary } from '../../lib/charts';
import type { ReportChart as ReportChartAnswer } from '#shared/schemas/reports';
import { $librarySettings } from '../../stores/library-settings';
import { lazyPart, useLazyPart } from '../ui/lazy-part';
import { ChartTable } from './ChartTable';
import { seriesColor, seriesDash } from './series-style';

const canvasPart = lazyPart(() => import('./ChartCanvas'));

/**
 * The theme the page shows (`<html data-theme>`): watched on the element itself, which the theme
 * store keeps in step (src/stores/theme.ts), so a chart follows every change, in this tab or from another.
 */
function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
const pageTheme = (): string => document.documentElement.dataset.theme ?? 'dark';

const look = figure();

export interface ReportChartProps {
  chart: ReportChartAnswer;
  /** Height of the drawing in CSS pixels. */
  height?: number;
  /** The title's heading level (h2 on a page of panels, h3 inside a titled panel). */
  titleAs?: 'h2' | 'h3';
  className?: string;
}

export function ReportChart({ chart, height = 220, titleAs: Title = 'h2', className }: ReportChartProps) {
  const theme = useSyncExternalStore(subscribeTheme, pageTheme, pageTheme);
  const dateFormat = useStore($librarySettings)?.date_format;
  const Canvas = useLazyPart(canvasPart)?.default;
  const [hovered, setHovered] = useState<number | null>(null);
  const [tableShown, setTableShown] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const tableId = `${id}-table`;
  const nothing = isEmptyChart(chart);
  const line = chart.kind === 'line';

  return (
    <figure className={cx(look.root, className)} aria-labelledby={titleId} data-chart={chart.key}>
      <div className={look.header}>
        <Title id={titleId} className={look.title}>
          {chart.title}
        </Title>
        {!nothing && (
          <ul className={look.legend} aria-label="Legend">
            {chart.series.map((series, index) => (
              <li key={series.key} className={look.legendItem}>
                <svg width="16" height="10" aria-hidden="true">
                  {line ? (
                    <line x1="0" y1="5" x2="16" y2="5" stroke={seriesColor(index)} strokeWidth="2" strokeDasharray={seriesDash(index)} />
                  ) : (
                    <rect x="3" y="0" width="10" height="10" rx="2" fill={seriesColor(index)} />
                  )}
                </svg>
                {series.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      {nothing ? (
        <p className={look.empty} style={{ minHeight: height }}>
          No data in this period
        </p>
      ) : (
        <>
          <div aria-hidden="true" className={look.body} style={{ minHeight: height }}>
            {Canvas ? <Canvas chart={chart} dateFormat={dateFormat} theme={theme} height={height} onHover={setHovered} /> : <div className={look.placeholder} style={{ height }} />}
          </div>
          <div className={look.footer}>
            <button type="button" className={look.toggle} aria-expanded={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)}>
              {tableShown ? 'Hide table' : 'Show as table'}
            </button>
            <p className={look.readout} aria-hidden="true">
              {hovered === null ? '' : pointSummary(chart, hovered, dateFormat)}
            </p>
          </div>
          <ChartTable id={tableId} chart={chart} dateFormat={dateFormat} shown={tableShown} />
        </>
      )}
    </figure>
  );
}
