/**
 * The rejected rows of a CSV import, bounded: however bad the file, the answer lists the first
 * MAX_LISTED_ERRORS errors (by row, then column in the template's order) with the total count, and
 * memory holds at most twice that many. A file with more than MAX_BAD_ROWS bad rows stops being read.
 */
import { formatCount } from '#shared/numbers';

/** One problem of one row of an import. */
export interface RowError {
  /** 1-based data row (the header is not a row). */
  row: number;
  /** The CSV column, or null for a problem with the whole row. */
  field: string | null;
  message: string;
}

/** How many errors an answer lists. */
export const MAX_LISTED_ERRORS = 1000;
/** Bad rows after which the file stops being read. */
export const MAX_BAD_ROWS = 5000;
/** The refusal once MAX_BAD_ROWS is passed. */
export const TOO_MANY_BAD_ROWS = `More than ${formatCount(MAX_BAD_ROWS)} rows have errors, so the import stopped reading the file. Check that it is the right file and that its columns match the template.`;

/** The capped, ordered list of an import's row errors. */
export class RowErrors {
  private kept: RowError[] = [];
  private total = 0;

  /** `columns`: the template's columns, which order the errors of one row. */
  constructor(private readonly columns: readonly string[]) {}

  private readonly byRowThenColumn = (a: RowError, b: RowError): number =>
    a.row - b.row || this.columns.indexOf(a.field as string) - this.columns.indexOf(b.field as string);

  /** Every error counted so far (listed or not). */
  get length(): number {
    return this.total;
  }

  /** Records errors; only the first MAX_LISTED_ERRORS (in order) are kept once there are many. */
  push(...errors: RowError[]): void {
    this.total += errors.length;
    this.kept.push(...errors);
    if (this.kept.length > 2 * MAX_LISTED_ERRORS) this.kept = this.kept.sort(this.byRowThenColumn).slice(0, MAX_LISTED_ERRORS);
  }

  /** The first MAX_LISTED_ERRORS errors (of the rows up to `throughRow` when given), in order. */
  list(throughRow = Number.POSITIVE_INFINITY): RowError[] {
    return this.kept
      .filter((e) => e.row <= throughRow)
      .sort(this.byRowThenColumn)
      .slice(0, MAX_LISTED_ERRORS);
  }
}
