/**
 * The local preview of an import CSV before anything is sent, for every template (books,
 * members): header problems (missing required columns block the upload), row errors a spec
 * finds without the server, values repeated in the file, and, when the library's lists could be
 * read, names it does not have (warnings). Rows are numbered like the server's answer: 1 is the
 * first data row after the header; blank lines are not rows.
 *
 * Files are parsed in chunks (papaparse reads a File piece by piece), so 10,000+ rows preview
 * without freezing the page; only the first rows and the first issues are kept. What differs
 * between templates is a `CsvPreviewSpec` (`book-csv.ts`, `member-csv.ts`).
 */
import Papa from 'papaparse';

/** One problem with one row: row 1 is the first data row. */
export interface RowIssue {
  row: number;
  field: string;
  message: string;
}

/** What one template's preview checks. */
export interface CsvPreviewSpec<C extends string> {
  /** The template's columns, in order. */
  columns: readonly C[];
  /** Columns the header must hold. */
  required: readonly C[];
  /** Other header names read as a template column. */
  aliases?: Readonly<Record<string, C>>;
  /** Errors of one row that need no server. */
  validateRow: (row: Record<C, string>, rowNumber: number) => RowIssue[];
  /** Columns whose values may appear once in the file: the value's key (undefined: not checked) and the message. */
  unique?: readonly { column: C; key: (value: string) => string | undefined; message: (firstRow: number) => string }[];
  /** Columns checked against the library's names (lower-cased; a column left out is not checked). */
  names?: { known: Partial<Record<C, ReadonlySet<string>>>; columns: readonly C[]; message: (column: C, value: string) => string };
}

/** What the preview shows before an upload. */
export interface CsvPreview<C extends string> {
  /** The header as written in the file (trimmed, BOM removed). */
  header: string[];
  /** Required columns absent from the header: the upload is blocked. */
  missingColumns: C[];
  /** Optional template columns absent: their values are left empty. */
  missingOptionalColumns: C[];
  /** Columns that are not the template's: ignored. */
  unknownColumns: string[];
  /** Data rows (blank lines left out). */
  rowCount: number;
  /** The first `MAX_LISTED_ISSUES` row errors, and how many there are in all. */
  errors: RowIssue[];
  errorCount: number;
  /** How many rows have at least one error. */
  rowsWithErrors: number;
  /** Unknown names (warnings), the first ones listed, and how many in all. */
  warnings: RowIssue[];
  warningCount: number;
  /** Distinct unknown names per checked column, as written. */
  unknownNames: Partial<Record<C, string[]>>;
  /** The first rows, by template column, for the preview table. */
  sampleRows: Record<C, string>[];
  /** Which name columns were checked against the library's lists. */
  checkedNames: C[];
}

/** Errors and warnings listed (the rest are counted). */
export const MAX_LISTED_ISSUES = 50;
/** Rows shown in the preview table. */
export const SAMPLE_ROW_COUNT = 5;

/** The server's row messages (server/src/http/form.ts). */
export const CSV_ROW_MESSAGES = {
  required: 'This field may not be blank.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  malformed: 'Malformed row: a quoted value is not closed.',
} as const;

/** A header cell as written, BOM and surrounding spaces removed. */
export const cleanHeaderCell = (cell: string): string => cell.replace(/^\uFEFF/, '').trim();

/** A record with every cell blank is a blank line, not a row. */
export const isBlankRecord = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/** The template column a header cell names (any letter case, aliases read), if any. */
function canonicalColumn<C extends string>(spec: CsvPreviewSpec<C>, cell: string): C | undefined {
  const name = cleanHeaderCell(cell).toLowerCase();
  if ((spec.columns as readonly string[]).includes(name)) return name as C;
  return spec.aliases?.[name];
}

/** Header problems: required and optional template columns missing, and columns not in the template. */
export function checkCsvHeader<C extends string>(
  spec: CsvPreviewSpec<C>,
  header: readonly string[],
): Pick<CsvPreview<C>, 'missingColumns' | 'missingOptionalColumns' | 'unknownColumns'> {
  const present = new Set(header.map((cell) => canonicalColumn(spec, cell)).filter((column) => column !== undefined));
  const missing = spec.columns.filter((column) => !present.has(column));
  return {
    missingColumns: missing.filter((column) => spec.required.includes(column)),
    missingOptionalColumns: missing.filter((column) => !spec.required.includes(column)),
    unknownColumns: header.map(cleanHeaderCell).filter((cell) => cell !== '' && canonicalColumn(spec, cell) === undefined),
  };
}

/** Whether the preview allows the upload: a header with every required column and at least one row. */
export const canUploadPreview = (preview: Pick<CsvPreview<string>, 'missingColumns' | 'rowCount'>): boolean =>
  preview.missingColumns.length === 0 && preview.rowCount > 0;

/** Errors of blank required cells and too long values, in column order. */
export function cellIssues<C extends string>(
  row: Record<C, string>,
  rowNumber: number,
  columns: readonly C[],
  required: readonly C[],
  maxLengths: Partial<Record<C, number>>,
): RowIssue[] {
  const issues: RowIssue[] = [];
  for (const column of columns) {
    const value = row[column];
    if (value === '') {
      if (required.includes(column)) issues.push({ row: rowNumber, field: column, message: CSV_ROW_MESSAGES.required });
      continue;
    }
    const max = maxLengths[column];
    if (max !== undefined && value.length > max) issues.push({ row: rowNumber, field: column, message: CSV_ROW_MESSAGES.tooLong(max) });
  }
  return issues;
}

/**
 * Builds a preview row by row: `begin` with the header, `addRow` each data row's cells, then
 * `finish`. Keeps only counts, the first issues and the first rows, plus one set per unique column.
 */
export function createCsvPreviewer<C extends string>(spec: CsvPreviewSpec<C>) {
  let header: string[] = [];
  let columnIndex: Partial<Record<C, number>> = {};
  let headerChecks: ReturnType<typeof checkCsvHeader<C>> = { missingColumns: [], missingOptionalColumns: [], unknownColumns: [] };
  let rowCount = 0;
  let rowsWithErrors = 0;
  const errors: RowIssue[] = [];
  let errorCount = 0;
  const warnings: RowIssue[] = [];
  let warningCount = 0;
  const sampleRows: Record<C, string>[] = [];
  const unique = spec.unique ?? [];
  const firstRowOf = unique.map(() => new Map<string, number>());
  const checkedNames = spec.names ? spec.names.columns.filter((column) => spec.names!.known[column] !== undefined) : [];
  const unknown = new Map<C, Map<string, string>>(checkedNames.map((column) => [column, new Map()]));

  return {
    begin(headerCells: readonly string[]): void {
      header = headerCells.map(cleanHeaderCell);
      columnIndex = {};
      const aliased: Partial<Record<C, number>> = {};
      header.forEach((cell, index) => {
        const column = canonicalColumn(spec, cell);
        if (column === undefined) return;
        // A column named as the template names it wins over an alias of it.
        const target = column === cell.toLowerCase() ? columnIndex : aliased;
        if (target[column] === undefined) target[column] = index;
      });
      for (const [column, index] of Object.entries(aliased) as [C, number][]) columnIndex[column] ??= index;
      headerChecks = checkCsvHeader(spec, header);
    },

    /** One data row's cells; `malformed` when a quoted value is never closed. */
    addRow(cells: readonly string[], malformed = false): void {
      rowCount += 1;
      const rowNumber = rowCount;
      const row = {} as Record<C, string>;
      for (const column of spec.columns) {
        const index = columnIndex[column];
        row[column] = index === undefined ? '' : (cells[index] ?? '').trim();
      }
      if (sampleRows.length < SAMPLE_ROW_COUNT) sampleRows.push(row);
      if (headerChecks.missingColumns.length > 0) return;
      if (malformed) {
        rowsWithErrors += 1;
        errorCount += 1;
        if (errors.length < MAX_LISTED_ISSUES) errors.push({ row: rowNumber, field: '', message: CSV_ROW_MESSAGES.malformed });
        return;
      }

      const issues = spec.validateRow(row, rowNumber);
      unique.forEach(({ column, key, message }, index) => {
        const value = row[column] === '' || issues.some((issue) => issue.field === column) ? undefined : key(row[column]);
        if (value === undefined) return;
        const first = firstRowOf[index]!.get(value);
        if (first === undefined) firstRowOf[index]!.set(value, rowNumber);
        else issues.push({ row: rowNumber, field: column, message: message(first) });
      });
      if (issues.length > 0) {
        rowsWithErrors += 1;
        errorCount += issues.length;
        for (const issue of issues) if (errors.length < MAX_LISTED_ISSUES) errors.push(issue);
      }
      for (const column of checkedNames) {
        const value = row[column];
        const key = value.toLowerCase();
        if (value === '' || spec.names!.known[column]!.has(key)) continue;
        const seen = unknown.get(column)!;
        if (!seen.has(key)) seen.set(key, value);
        warningCount += 1;
        if (warnings.length < MAX_LISTED_ISSUES) warnings.push({ row: rowNumber, field: column, message: spec.names!.message(column, value) });
      }
    },

    finish(): CsvPreview<C> {
      const unknownNames: Partial<Record<C, string[]>> = {};
      for (const [column, names] of unknown) unknownNames[column] = [...names.values()];
      return { header, ...headerChecks, rowCount, errors, errorCount, rowsWithErrors, warnings, warningCount, unknownNames, sampleRows, checkedNames };
    },
  };
}

type Previewer = ReturnType<typeof createCsvPreviewer<string>>;

/** Indexes of records with an unclosed quote, from papaparse's errors. */
const malformedRecords = (errors: readonly Papa.ParseError[]): Set<number> =>
  new Set(errors.filter((error) => error.type === 'Quotes' && error.row !== undefined).map((error) => error.row!));

/** Feeds parsed records (header first) to a previewer; returns whether the header has been read. */
function feed(previewer: Previewer, parsed: Papa.ParseResult<string[]>, headerRead: boolean): boolean {
  let seenHeader = headerRead;
  const malformed = malformedRecords(parsed.errors);
  parsed.data.forEach((cells, index) => {
    if (isBlankRecord(cells)) return;
    if (!seenHeader) {
      previewer.begin(cells);
      seenHeader = true;
    } else previewer.addRow(cells, malformed.has(index));
  });
  return seenHeader;
}

/** The preview of CSV text (BOM, CRLF and quoted fields handled). */
export function previewCsvText<C extends string>(text: string, spec: CsvPreviewSpec<C>): CsvPreview<C> {
  const previewer = createCsvPreviewer(spec);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  feed(previewer as unknown as Previewer, parsed, false);
  return previewer.finish();
}

/** Bytes read per chunk when previewing a file: small enough to keep the page responsive. */
const CHUNK_BYTES = 256 * 1024;

/** The preview of a chosen file, parsed chunk by chunk; `onProgress` gets 0..1. */
export function previewCsvFile<C extends string>(file: File, spec: CsvPreviewSpec<C>, onProgress?: (fraction: number) => void): Promise<CsvPreview<C>> {
  return new Promise((resolve, reject) => {
    const previewer = createCsvPreviewer(spec);
    let headerRead = false;
    let firstChunk = true;
    Papa.parse<string[]>(file, {
      skipEmptyLines: true,
      chunkSize: CHUNK_BYTES,
      chunk: (results) => {
        if (firstChunk && results.data[0]?.[0] !== undefined) {
          results.data[0][0] = results.data[0][0].replace(/^\uFEFF/, '');
          firstChunk = false;
        }
        headerRead = feed(previewer as unknown as Previewer, results, headerRead);
        if (onProgress && file.size > 0) onProgress(Math.min(1, results.meta.cursor / file.size));
      },
      complete: () => resolve(previewer.finish()),
      error: (error) => reject(error),
    });
  });
}
