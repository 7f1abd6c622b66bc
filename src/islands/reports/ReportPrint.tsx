/**
 * The report as printed (loaded on the first Print): the library's name, the report and section
 * titles, the filters in words, the figures, each chart's data table and the section's rows on
 * this page. Like the fine receipt, it is a copy placed directly in <body>: hidden on screen, and
 * under `@media print` the only child of <body> shown (the sidebar, top bar and controls are
 * not printed), black on white on A4. Each new `request` prints again.
 */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { css } from 'styled-system/css';
import { table } from 'styled-system/recipes';
import { momentText, type MomentFormat } from '#shared/dates';
import type { ReportDefinition, ReportSection } from '#shared/report-catalogue';
import { changeSummary, columnText, figureText } from '../../lib/report-cells';
import type { ReportState } from '../../lib/report-query';
import type { ReportRow, ReportSummary } from '#shared/schemas/reports';
import { showingText } from '../../lib/table-query';
import { ChartTable } from '../../components/charts/ChartTable';

/** `@page` cannot be an atomic class; the page behind the copy prints white. */
const PAGE_RULE = '@page { size: A4 portrait; margin: 12mm; } @media print { html { background: white !important; } }';

const copy = css({
  display: 'none',
  _print: {
    display: 'block',
    w: 'full',
    color: 'black',
    bg: 'white',
    fontSize: '10pt',
    '& *': { color: 'black !important', borderColor: 'slate.400 !important', bg: 'transparent !important' },
    '& table': { fontSize: '8.5pt', pageBreakInside: 'auto' },
    '& tr': { pageBreakInside: 'avoid' },
    '& thead': { display: 'table-header-group' },
    '& th, & td': { px: '1.5', py: '1' },
    // The printed document's parts: name and description lines, the filters, figures, charts and the rows' title.
    '& > h1': { fontSize: '16pt', fontWeight: 'bold', mb: '1' },
    '& > p': { fontSize: '10pt', mb: '3' },
    '& > ul': { listStyle: 'none', p: '0', m: '0 0 12px 0', fontSize: '9.5pt', '& li': { mb: '0.5' } },
    '& > dl': { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '2', mb: '4', '& div': { borderWidth: '1px', p: '2', breakInside: 'avoid' }, '& dt': { fontSize: '8.5pt' }, '& dd': { fontSize: '12pt', fontWeight: 'bold', m: '0' } },
    '& > div': { mb: '4', breakInside: 'avoid' },
    '& > h2': { fontSize: '12pt', fontWeight: 'bold', mt: '4', mb: '1' },
  },
});
const printHost = css({ _print: { bg: 'white', '& > *:not([data-report-print])': { display: 'none !important' } } });
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
  useEffect(() => {
    const classes = printHost.split(' ').filter(Boolean);
    document.body.classList.add(...classes);
    return () => document.body.classList.remove(...classes);
  }, []);

  useEffect(() => {
    // After this copy has been drawn; print() returns when the dialog closes (or at once where it does not block).
    const frame = requestAnimationFrame(() => {
      window.print();
      onPrinted();
    });
    return () => cancelAnimationFrame(frame);
    // Print once per request; the latest props are what is drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const plain = section.columns.filter((column) => column.kind !== 'json');
  const hasChange = plain.length < section.columns.length;
  return createPortal(
    <div className={copy} data-report-print="">
      <style>{PAGE_RULE}</style>
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
                {hasChange && <td>{changeSummary(row.before, row.after, 6)}</td>}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
