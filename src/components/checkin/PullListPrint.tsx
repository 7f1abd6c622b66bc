/**
 * Holds to pull as printed: the morning's pulls on one A4 page (compact rows, the reports' print
 * look: a copy placed directly in <body>, hidden on screen, the only thing printed). It stays
 * mounted on its page, so the browser's own Print prints it too.
 */
import { createPortal } from 'react-dom';
import { table } from 'styled-system/recipes';
import { REPORT_PAGE_RULE, reportPrintCopy, usePrintHost } from '../print/report-print';
import type { PullRow } from '../../lib/checkin-session';

const rowsTable = table({ frame: 'boxed', density: 'snug' }).table;

export function PullListPrint({ rows, printedOn, libraryName }: { rows: readonly PullRow[]; printedOn: string; libraryName?: string | null | undefined }) {
  usePrintHost();
  return createPortal(
    <div className={reportPrintCopy} data-report-print="">
      <style>{REPORT_PAGE_RULE}</style>
      {libraryName && <p>{libraryName}</p>}
      <h1>Holds to pull</h1>
      <p>
        {rows.length} {rows.length === 1 ? 'copy' : 'copies'} · printed {printedOn}
      </p>
      <table className={rowsTable}>
        <thead>
          <tr>
            <th scope="col">Call number</th>
            <th scope="col">Shelf</th>
            <th scope="col">Accession no.</th>
            <th scope="col">Title</th>
            <th scope="col">Waiting</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>{row.callNumber}</td>
              <td>{row.shelf}</td>
              <td>{row.accessionNo}</td>
              <td>{row.title}</td>
              <td>{row.waiting}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
