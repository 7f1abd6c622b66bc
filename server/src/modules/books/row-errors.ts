/**
 * The rejected rows of a bulk import, bounded: however bad the file, the answer lists the first
 * MAX_LISTED_ERRORS errors (by row, then column) with the total count, and memory holds at most
 * twice that many. A file with more than MAX_BAD_ROWS bad rows stops being read.
 */
import { BOOK_CSV_COLUMNS, type BookCsvColumn } from '../../../../src/lib/book-csv-columns.js';

export interface BulkRowError {
  /** 1-based data row (the header is not a row). */
  row: number;
  /** The CSV column, or null for a problem with the whole row. */
  field: string | null;
  message: string;
}

export const MAX_LISTED_ERRORS = 1000;
export const MAX_BAD_ROWS = 5000;
export const TOO_MANY_BAD_ROWS = `More than ${MAX_BAD_ROWS.toLocaleString('en-US')} rows have errors, so the import stopped reading the file. Check that it is the right file and that its columns match the template.`;

export const byRowThenColumn = (a: BulkRowError, b: BulkRowError): number =>
  a.row - b.row || BOOK_CSV_COLUMNS.indexOf(a.field as BookCsvColumn) - BOOK_CSV_COLUMNS.indexOf(b.field as BookCsvColumn);

export class RowErrors {
  private kept: BulkRowError[] = [];
  private total = 0;

  /** Every error counted so far (listed or not). */
  get length(): number {
    return this.total;
  }

  push(...errors: BulkRowError[]): void {
    this.total += errors.length;
    this.kept.push(...errors);
    if (this.kept.length > 2 * MAX_LISTED_ERRORS) this.kept = this.kept.sort(byRowThenColumn).slice(0, MAX_LISTED_ERRORS);
  }

  /** The first MAX_LISTED_ERRORS errors (of the rows up to `throughRow` when given), in order. */
  list(throughRow = Number.POSITIVE_INFINITY): BulkRowError[] {
    return this.kept
      .filter((e) => e.row <= throughRow)
      .sort(byRowThenColumn)
      .slice(0, MAX_LISTED_ERRORS);
  }
}
