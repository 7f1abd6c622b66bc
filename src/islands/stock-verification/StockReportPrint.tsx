/**
 * The verification report as printed (loaded on the first Print): the library's name, the
 * session, its filters and counts, the copies of each group (the first PRINT_ROWS; the CSV has
 * them all) and the shelves. Like the other reports' print copy it is placed directly in <body>:
 * hidden on screen, and under `@media print` the only child of <body> shown, black on white on A4.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { REPORT_PAGE_RULE, reportPrintCopy, usePrintHost } from '../../components/print/report-print';
import { table } from 'styled-system/recipes';
import { COPY_STATUS_LABELS } from '#shared/copies';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { REPORT_GROUPS, REPORT_GROUP_TEXT, filtersText, scanCue } from '../../lib/stock-verification';
import { $librarySettings } from '../../stores/library-settings';
import { reportFigures } from './StockReport';
import { useMoment } from './use-moment';
import { PRINT_ROWS, usePrintData } from './use-print-data';

const rowsTable = table({ frame: 'boxed', density: 'snug' }).table;

export default function StockReportPrint({ request, session }: { request: number; session: StockSession }) {
  const settings = useStore($librarySettings);
  const moment = useMoment();
  const { data } = usePrintData(session.id, request);

  usePrintHost();

  useEffect(() => {
    if (!data) return;
    // After this copy has been drawn.
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [data]);

  return createPortal(
    <div className={reportPrintCopy} data-report-print="">
      <style>{REPORT_PAGE_RULE}</style>
      {settings?.library_name && <p>{settings.library_name}</p>}
      <h1>Stock verification: {session.name}</h1>
      <p>
        {filtersText(session.filters)} · opened {moment(session.opened_at)}
        {session.closed_at ? ` · closed ${moment(session.closed_at)}` : ''} · printed {moment(new Date().toISOString())}
      </p>
      <dl>
        {reportFigures(session).map((figure) => (
          <div key={figure.key}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {data &&
        REPORT_GROUPS.map((group) => {
          const page = data.groups[group];
          return (
            <section key={group}>
              <h2>
                {REPORT_GROUP_TEXT[group].title} ({page.count}){page.count > PRINT_ROWS ? ` — the first ${PRINT_ROWS}; the CSV lists all` : ''}
              </h2>
              <table className={rowsTable}>
                <thead>
                  <tr>
                    <th scope="col">Accession no.</th>
                    <th scope="col">Title</th>
                    <th scope="col">Call number</th>
                    <th scope="col">Shelf</th>
                    <th scope="col">Status</th>
                    {group !== 'not_seen' && <th scope="col">Scan</th>}
                  </tr>
                </thead>
                <tbody>
                  {page.results.length === 0 ? (
                    <tr>
                      <td colSpan={group === 'not_seen' ? 5 : 6}>{REPORT_GROUP_TEXT[group].empty}</td>
                    </tr>
                  ) : (
                    page.results.map((row, index) => (
                      <tr key={index}>
                        <td>{row.accession_no ?? row.barcode}</td>
                        <td>{row.title ?? '—'}</td>
                        <td>{row.call_number ?? '—'}</td>
                        <td>{row.shelf_location ?? '—'}</td>
                        <td>{row.status ? COPY_STATUS_LABELS[row.status] : '—'}</td>
                        {group !== 'not_seen' && <td>{row.result ? scanCue(row.result).word : '—'}</td>}
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </section>
          );
        })}
      {data && (
        <>
          <h2>By shelf</h2>
          <table className={rowsTable}>
            <thead>
              <tr>
                <th scope="col">Shelf</th>
                <th scope="col" className="num">Expected</th>
                <th scope="col" className="num">Seen</th>
                <th scope="col" className="num">Not seen</th>
              </tr>
            </thead>
            <tbody>
              {data.shelves.map((shelf) => (
                <tr key={shelf.shelf ?? ''}>
                  <td>{shelf.shelf || 'No shelf'}</td>
                  <td className="num">{shelf.expected}</td>
                  <td className="num">{shelf.seen}</td>
                  <td className="num">{shelf.not_seen}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>,
    document.body,
  );
}
