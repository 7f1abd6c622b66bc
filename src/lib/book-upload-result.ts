/**
 * The answer of a book CSV upload on the site's side: its row errors (our server's shape or the
 * original's), and the rejected rows as a CSV to fix and upload again (original values plus an
 * `error` column).
 */
import Papa from 'papaparse';
import { toCsv } from '#shared/csv';
import { saveCsv } from './download';
import { cleanHeaderCell, isBlankRecord, type RowIssue } from './book-csv';
import { BOOK_TEMPLATE_COLUMNS } from './book-template';

/**
 * Row errors of an upload answer as `{row, field, message}`: our server answers that shape; a
 * server like the original answers `{"Row 3": "message"}` objects, read here too.
 */
export function uploadRowErrors(errors: readonly unknown[] | null | undefined): RowIssue[] {
  const result: RowIssue[] = [];
  for (const item of errors ?? []) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (typeof record.row === 'number' && typeof record.message === 'string') {
      result.push({ row: record.row, field: typeof record.field === 'string' ? record.field : '', message: record.message });
      continue;
    }
    for (const [key, value] of Object.entries(record)) {
      const match = /^row\s*(\d+)$/i.exec(key.trim());
      const message = typeof value === 'string' ? value : Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(' ') : '';
      if (match && message) result.push({ row: Number(match[1]), field: '', message });
    }
  }
  return result;
}

/** "field: message" joined, for one row's `error` cell. */
function errorCell(issues: readonly RowIssue[]): string {
  return issues.map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message)).join('; ');
}

/** The rejected rows as CSV: the file's header plus `error`, each rejected row's original cells plus its reasons. */
export function rejectedRowsCsvFromRecords(records: readonly string[][], issues: readonly RowIssue[]): string {
  const byRow = new Map<number, RowIssue[]>();
  for (const issue of issues) byRow.set(issue.row, [...(byRow.get(issue.row) ?? []), issue]);
  const data: string[][] = [];
  let header: string[] | undefined;
  let rowNumber = 0;
  for (const cells of records) {
    if (isBlankRecord(cells)) continue;
    if (!header) {
      header = cells.map(cleanHeaderCell);
      continue;
    }
    rowNumber += 1;
    const rowIssues = byRow.get(rowNumber);
    if (rowIssues) data.push([...header.map((_, index) => cells[index] ?? ''), errorCell(rowIssues)]);
  }
  return toCsv([...(header ?? BOOK_TEMPLATE_COLUMNS), 'error'], data);
}

/** The rejected rows of `text` as CSV (see `rejectedRowsCsvFromRecords`). */
export function rejectedRowsCsv(text: string, issues: readonly RowIssue[]): string {
  return rejectedRowsCsvFromRecords(Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data, issues);
}

/** Reads the uploaded file again and downloads its rejected rows as `<name>-rejected.csv`. */
export async function downloadRejectedRows(file: File, issues: readonly RowIssue[]): Promise<void> {
  const text = await file.text();
  saveCsv(rejectedRowsCsv(text, issues), `${file.name.replace(/\.csv$/i, '')}-rejected.csv`);
}
