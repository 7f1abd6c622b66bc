/**
 * The numbers behind a chart as a real table: caption (the chart's title), a header per series,
 * a row per bucket or category, values formatted by kind. Visually hidden until "Show as table"
 * opens it, but always there for screen readers.
 */
import { css, cx } from 'styled-system/css';
import { visuallyHidden } from 'styled-system/patterns';
import { table } from 'styled-system/recipes';
import { chartTableRows, pointHeader } from '../../lib/charts';
import { useTableScroll } from '../use-table-scroll';
import type { ReportChart } from '#shared/schemas/reports';

/** A boxed compact table: the caption small and muted, row labels on the start side, figures on the end side. */
const look = table({ frame: 'boxed', density: 'snug' });
const figures = css({
  '& caption': { fontSize: 'xs', color: 'fg.muted' },
  '& tbody th': { fontWeight: 'medium', whiteSpace: 'nowrap' },
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
  const scrollBox = useTableScroll();
  return (
    <div id={id} className={cx(look.root, !shown && visuallyHidden())} {...scrollBox}>
      <table className={cx(look.table, figures)}>
        <caption className={look.caption}>{chart.title}</caption>
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
                <td key={chart.series[cellIndex]?.key ?? cellIndex} className="num">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
