/**
 * How every report section is read. A section's builder answers one SQL query whose columns are
 * exactly the catalogue's column keys (filtered and searched, neither ordered nor paged); this
 * module counts it, orders it by the asked column (text case-insensitively, empty values last,
 * then by the section's unique columns so pages never overlap), and reads one page, or the pages of
 * a CSV export one after another. Cells leave as the catalogue's kinds say: money as a decimal
 * string from minor units, counts as numbers, dates and moments as stored.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import { matchesAny } from '../../db/like.js';
import type { Db } from '../../db/schema.js';
import { pageWindow, type PageWindow } from '../../http/paging.js';
import { toDecimalString } from '#shared/money';
import type { ReportColumn, ReportSection } from '#shared/report-catalogue';
import type { ReportRow } from '#shared/schemas/reports';
import type { ReportQuery } from './schemas.js';
import type { ReportRange } from './range.js';

/** What a section's builder gets: the database, the read query, the range and the settings it needs. */
export interface SectionInput {
  db: Db;
  query: ReportQuery;
  range: ReportRange;
  settings: { lowStockThreshold: number; maxBooksPerMember: number };
}

/** A section's rows as one query, the columns that tell two rows apart, and columns never empty. */
export interface SectionSource {
  rows: Expression<unknown>;
  unique: readonly string[];
  /** Ordered without the "empty last" term, so an index on the column can serve the order. */
  notNull?: readonly string[];
  /** The rows' count by a cheaper query (one row per title: the titles), when the section has one. */
  count?: Expression<{ n: number | string }>;
  /** Cells written from a page's other cells once it is read (the audit entry's sentence), a page or chunk at a time. */
  finish?: (rows: ReportRow[]) => Promise<ReportRow[]>;
}

export type SectionBuilder = (input: SectionInput) => SectionSource;

type RawRow = Record<string, unknown>;

/** Every condition at once (`1 = 1` for none), so a builder applies optional filters in one `where`. */
export function allOf(conditions: readonly (RawBuilder<boolean> | null | false | undefined)[]): RawBuilder<boolean> {
  const present = conditions.filter((c): c is RawBuilder<boolean> => Boolean(c));
  return present.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(present, sql` and `)})`;
}

/** The search of a section over its expressions, or nothing without a term. */
export const searchOf = (term: string, expressions: readonly Expression<unknown>[]): RawBuilder<boolean> | null => (term === '' ? null : matchesAny(term, expressions));

/** `column = value` when the filter is asked for, else nothing. */
export const equals = (column: string, value: number | string | undefined): RawBuilder<boolean> | null =>
  value === undefined ? null : sql<boolean>`${sql.ref(column)} = ${value}`;

function orderBy(section: ReportSection, source: SectionSource, ordering: ReportQuery['ordering']): RawBuilder<unknown> {
  const column = section.columns.find((c) => c.key === ordering.key)!;
  const ref = sql.ref(`r.${column.key}`);
  const value = column.kind === 'text' ? sql`lower(${ref})` : sql`${ref}`;
  const direction = sql.raw(ordering.desc ? 'desc' : 'asc');
  // Ties run the same way, so a walk of an index (column, id) backwards serves a descending page.
  const ties = source.unique.filter((key) => key !== column.key).map((key) => sql`${sql.ref(`r.${key}`)} ${direction}`);
  const never = source.unique.includes(column.key) || (source.notNull ?? []).includes(column.key);
  return sql.join([...(never ? [] : [sql`case when ${ref} is null then 1 else 0 end`]), sql`${value} ${direction}`, ...ties]);
}

function cell(column: ReportColumn, value: unknown): ReportRow[string] {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'money':
      return toDecimalString(Number(value));
    case 'count':
      return Number(value);
    case 'date':
      return String(value).slice(0, 10);
    default:
      return String(value);
  }
}

/** A stored row as the section's cells, keyed by column key in catalogue order. */
export const toReportRow = (section: ReportSection, row: RawRow): ReportRow => Object.fromEntries(section.columns.map((c) => [c.key, cell(c, row[c.key])]));

/** The SQL of one ordered page of a section (the bench explains it). */
export const pageSql = (section: ReportSection, source: SectionSource, ordering: ReportQuery['ordering'], limit: number, offset: number): RawBuilder<RawRow> =>
  sql<RawRow>`select * from (${source.rows}) as r order by ${orderBy(section, source, ordering)} limit ${limit} offset ${offset}`;

async function readRows(db: Db, section: ReportSection, source: SectionSource, ordering: ReportQuery['ordering'], limit: number, offset: number): Promise<ReportRow[]> {
  const { rows } = await pageSql(section, source, ordering, limit, offset).execute(db);
  const cells = rows.map((row) => toReportRow(section, row));
  return source.finish && cells.length > 0 ? source.finish(cells) : cells;
}

/** One page of a section: the window (404 past the end) and its rows. */
export async function sectionPage(input: SectionInput, section: ReportSection, build: SectionBuilder): Promise<{ window: PageWindow; results: ReportRow[] }> {
  const source = build(input);
  const { rows } = await (source.count ? sql<{ n: number | string }>`select n from ${source.count} as c` : sql<{ n: number | string }>`select count(*) as n from (${source.rows}) as r`).execute(input.db);
  const window = pageWindow(Number(rows[0]?.n ?? 0), input.query.page);
  return { window, results: await readRows(input.db, section, source, input.query.ordering, window.limit, window.offset) };
}

/** Rows a CSV export reads at once. */
export const EXPORT_CHUNK_ROWS = 1000;

/** The section's rows in order, a chunk at a time, at most `max` + 1 (the extra one says there are more). */
export async function* sectionChunks(input: SectionInput, section: ReportSection, build: SectionBuilder, max: number): AsyncGenerator<ReportRow[]> {
  const source = build(input);
  for (let offset = 0; offset <= max; offset += EXPORT_CHUNK_ROWS) {
    const limit = Math.min(EXPORT_CHUNK_ROWS, max + 1 - offset);
    const chunk = await readRows(input.db, section, source, input.query.ordering, limit, offset);
    if (chunk.length > 0) yield chunk;
    if (chunk.length < limit) return;
  }
}
