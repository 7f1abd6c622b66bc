/** A chart's points as an accessible table (series as columns, values formatted by kind); the chart's text alternative and its printed form. */
import { cx } from 'styled-system/css';
import { chartTable } from '../../lib/report-cells';
import type { ReportChart } from '../../lib/schemas/reports';
import { compactTable, compactTableWrap } from './styles';

export function ChartData({ chart, className }: { chart: ReportChart; className?: string }) {
  const { header, rows } = chartTable(chart, chart.kind === 'line' ? 'Period' : 'Category');
  return (
    <div className={cx(compactTableWrap, className)}>
      <table className={compactTable}>
        <caption>{chart.title}</caption>
        <thead>
          <tr>
            {header.map((text, index) => (
              <th key={text + index} scope="col" className={index > 0 ? 'num' : undefined}>
                {text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={header.length}>No data for these dates.</td>
            </tr>
          ) : (
            rows.map((row, r) => (
              <tr key={r}>
                {row.map((text, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {text}
                    </th>
                  ) : (
                    <td key={index} className="num">
                      {text}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
