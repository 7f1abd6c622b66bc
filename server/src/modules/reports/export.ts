/**
 * A report section as a CSV file: the columns' labels, then the rows in the order and with the
 * filters of the screen, written through `src/lib/csv.ts` (every cell that could start a formula
 * is neutralised). Rows are read and written a chunk at a time, never the whole list in memory;
 * past REPORT_EXPORT_MAX_ROWS a last line says the export was cut.
 */
import { REPORT_EXPORT_MAX_ROWS, exportCutMessage, type ReportDefinition, type ReportSection } from '#shared/report-catalogue';
import { toCsvRows } from '#shared/csv';
import type { ReportRow } from '#shared/schemas/reports';
import { sectionChunks, type SectionBuilder, type SectionInput } from './sections.js';

/** The last line of an export that stopped at the limit. */
export const EXPORT_CUT_MESSAGE = exportCutMessage;

/** `<report>-<section>-<from>-<to>.csv`. */
export const exportFileName = (report: ReportDefinition, section: ReportSection, from: string, to: string): string => `${report.key}-${section.key}-${from}-${to}.csv`;

const textOf = (section: ReportSection, row: ReportRow): string[] => section.columns.map((c) => (row[c.key] === null || row[c.key] === undefined ? '' : String(row[c.key])));

/** The file's text, a part at a time (header first; each part ends with a line break). */
export async function* csvParts(input: SectionInput, section: ReportSection, build: SectionBuilder, max = REPORT_EXPORT_MAX_ROWS): AsyncGenerator<string> {
  yield `${toCsvRows([section.columns.map((c) => c.label)])}\r\n`;
  let written = 0;
  let cut = false;
  for await (const chunk of sectionChunks(input, section, build, max)) {
    const rows = chunk.slice(0, max - written);
    if (rows.length > 0) yield `${toCsvRows(rows.map((row) => textOf(section, row)))}\r\n`;
    written += rows.length;
    if (chunk.length > rows.length) cut = true;
  }
  if (cut) yield `${toCsvRows([[EXPORT_CUT_MESSAGE(max)]])}\r\n`;
}
