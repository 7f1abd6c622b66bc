/**
 * The numbers behind a chart as a real table: caption (the chart's title), a header per series,
 * a row per bucket or category, values formatted by kind. Visually hidden until "Show as table"
 * opens it, but always there for screen readers.
 */
import { css, cx } from 'styled-system/css';
import { chartTableRows, pointHeader } from '../../lib/charts';
import type { ReportChart } from '#shared/schemas/reports';

const wrap = css({ overflowX: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' });
const hidden = css({ srOnly: true });
const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& caption': { textAlign: 'start', px: '3', py: '2', fontWeight: 'semibold', fontSize: 'xs', color: 'fg.muted' },
  '& th, & td': { px: '3', py: '1.5', textAlign: 'start', borderTopWidth: '1px', borderColor: 'border.default' },
  '& thead th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'xs', bg: 'bg.muted' },
  '& tbody th': { fontWeight: 'medium', whiteSpace: 'nowrap' },
  '& td': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& thead th:not(:first-child)': { textAlign: 'end' },
});

export interface ChartTableProps {
  id: string;
  chart: ReportChart;
  dateFormat?: string | null;
  /** Whether it shows on screen (screen readers always read it). */
  shown: boolean;
}

export function ChartTable({ id, chart, dateFormat, shown }: ChartTableProps) {
  return (
    <div id={id} className={cx(wrap, !shown && hidden)}>
      <table className={table}>
        <caption>{chart.title}</caption>
        <thead>
          <tr>
            <th scope="col">{pointHeader(chart)}</th>
            {chart.series.map((series) => (
              <th key={series.key} scope="col">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chartTableRows(chart, dateFormat).map((row, index) => (
            <tr key={`${index}-${row.label}`}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, cellIndex) => (
                <td key={chart.series[cellIndex]?.key ?? cellIndex}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
