/**
 * The report as printed (loaded on the first Print): the library's name, the report and section
 * titles, the filters in words, the figures, each chart's data table and the section's rows on
 * this page. Like the fine receipt, it is a copy placed directly in <body>: hidden on screen, and
 * under `@media print` the only child of <body> shown (the sidebar, top bar and controls are
 * not printed), black on white on A4. Each new `request` prints again.
 */
import { createPortal } from 'react-dom';
import { REPORT_PAGE_RULE, reportPrintCopy, usePrintHost, usePrintOnce } from '../../components/print/report-print';
import { table } from 'styled-system/recipes';
import { momentText, type MomentFormat } from '#shared/dates';
import type { ReportDefinition, ReportSection } from '#shared/report-catalogue';
import { columnText, figureText } from '../../lib/report-cells';
import { changeInWords } from '../../lib/audit-change';
import type { ReportState } from '../../lib/report-query';
import type { ReportRow, ReportSummary } from '#shared/schemas/reports';
import { showingText } from '../../lib/table-query';
import { ChartTable } from '../../components/charts/ChartTable';

const rowsTable = table({ frame: 'boxed', density: 'snug' }).table;

export interface ReportPrintProps {
  request: number;
  report: ReportDefinition;
  section: ReportSection;
  libraryName: string | null;
  filters: string[];
  summary: ReportSummary | null;
  rows: readonly ReportRow[];
  count: number;
  state: ReportState;
  format: MomentFormat & { date_format?: string | null | undefined };
  onPrinted: () => void;
}

export default function ReportPrint({ request, report, section, libraryName, filters, summary, rows, count, state, format, onPrinted }: ReportPrintProps) {
  usePrintHost();
  usePrintOnce(request, onPrinted);

  const plain = section.columns.filter((column) => column.kind !== 'json');
  const hasChange = plain.length < section.columns.length;
  return createPortal(
    <div className={reportPrintCopy} data-report-print="">
      <style>{REPORT_PAGE_RULE}</style>
      {libraryName && <p>{libraryName}</p>}
      <h1>
        {report.title}: {section.title}
      </h1>
      <p>
        {section.description} Printed {momentText(new Date().toISOString(), format)}.
      </p>
      <ul>
        {filters.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {summary && summary.figures.length > 0 && (
        <dl>
          {summary.figures.map((figure) => (
            <div key={figure.key}>
              <dt>{figure.label}</dt>
              <dd>{figureText(figure)}</dd>
            </div>
          ))}
        </dl>
      )}
      {summary?.charts.map((chart) => (
        <div key={chart.key}>
          <ChartTable id={`print-chart-${chart.key}`} chart={chart} dateFormat={format.date_format ?? null} shown />
        </div>
      ))}
      <h2>
        {section.title} · {showingText(state.page, state.pageSize, count)}
      </h2>
      <table className={rowsTable}>
        <thead>
          <tr>
            {plain.map((column) => (
              <th key={column.key} scope="col" className={column.kind === 'money' || column.kind === 'count' ? 'num' : undefined}>
                {column.label}
              </th>
            ))}
            {hasChange && <th scope="col">Before / after</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={plain.length + (hasChange ? 1 : 0)}>No rows for these filters</td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={index}>
                {plain.map((column) => (
                  <td key={column.key} className={column.kind === 'money' || column.kind === 'count' ? 'num' : undefined}>
                    {columnText(column, row[column.key], format)}
                  </td>
                ))}
                {hasChange && <td>{changeInWords(row, 6)}</td>}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
