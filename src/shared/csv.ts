/**
 * CSV files the site writes (exports, the rejected-rows download): one writer that neutralises
 * formulas. A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return before
 * one) as a formula, also on a later line of a multi-line cell, so every such line gets a leading
 * apostrophe: the text shows as typed and never runs.
 */
import Papa from 'papaparse';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell made safe for spreadsheets: each line that could start a formula gets a leading `'`. */
export function neutraliseCell(value: string): string {
  return value
    .split(/(\r\n|\n|\r(?!\n))/)
    .map((part, index) => (index % 2 === 0 && FORMULA_START.test(part) ? `'${part}` : part))
    .join('');
}

/** CSV text (CRLF line ends, quoted where needed) of a header and rows, every cell neutralised. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return Papa.unparse(
    { fields: header.map(neutraliseCell), data: rows.map((row) => row.map((cell) => neutraliseCell(cell))) },
    { newline: '\r\n', escapeFormulae: false },
  );
}

/** CSV lines (CRLF between them, none after the last) of rows without a header, every cell neutralised: a file written a part at a time. */
export function toCsvRows(rows: ReadonlyArray<readonly string[]>): string {
  return Papa.unparse(
    rows.map((row) => row.map((cell) => neutraliseCell(cell))),
    { newline: '\r\n', escapeFormulae: false },
  );
}
