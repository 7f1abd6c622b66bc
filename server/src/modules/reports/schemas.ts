/**
 * What the report calls accept. The book of a loan report is named by its id in the path; the four
 * reports of `src/lib/report-catalogue.ts` take a date range, search, one ordering from the
 * section's sortable columns, paging, `format` and the catalogue's filters. Every parameter is
 * checked here, so the services only ever see typed input and bad input is a 400, never a 500.
 */
import { FieldErrorList, notFound } from '../../errors.js';
import { readPage, type PageRequest } from '../../http/paging.js';
import { idParam, isRowId, MAX_ID } from '../../http/validation.js';
import { controlCharactersError } from '#shared/control-characters';
import { addDays, daysBetween, parseDate } from '#shared/dates';
import { orderingsOf, REPORT_MAX_RANGE_DAYS, type ReportFilter, type ReportSection } from '#shared/report-catalogue';
import { isMemberState, type MemberState } from '#shared/member-state';
import { WHOLE_NUMBER_MESSAGES } from '#shared/numbers';

/** The book id of `reports/books/{id}/…`; 404 when it is not an id, 400 beyond the id column. */
export function parseReportBookId(raw: string | undefined): number {
  const id = idParam(raw);
  if (id === undefined) throw notFound();
  return id;
}

/** Days in the range a report shows when none is asked for (ending at the library's today). */
export const DEFAULT_RANGE_DAYS = 30;
/** Longest search term, action or entity filter. */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_NAME_FILTER_LENGTH = 50;

export const REPORT_QUERY_MESSAGES = {
  date: 'Enter a valid date as YYYY-MM-DD.',
  order: 'The end date must not be before the start date.',
  range: `Ask for at most ${REPORT_MAX_RANGE_DAYS} days at once.`,
  id: WHOLE_NUMBER_MESSAGES.range(1, MAX_ID),
  tooLong: (max: number) => `Ensure this value has no more than ${max} characters.`,
  ordering: (allowed: readonly string[]) => `Order by one of: ${allowed.join(', ')}.`,
  choice: (value: string) => `Select a valid choice. ${value.slice(0, 50)} is not one of the available choices.`,
} as const;

/** The filters of a report call, read (undefined: not asked for). */
export interface ReportFilters {
  department?: number;
  category?: number;
  plan?: number;
  session?: number;
  staff?: number;
  user?: number;
  state?: MemberState;
  action?: string;
  entity?: string;
}

/** A report call's query, read: dates are library dates, inclusive. */
export interface ReportQuery {
  from: string;
  to: string;
  filters: ReportFilters;
  term: string;
  ordering: { key: string; desc: boolean };
  page: PageRequest;
  format: 'json' | 'csv';
}

const ID_FILTERS = ['department', 'category', 'plan', 'session', 'staff', 'user'] as const satisfies readonly ReportFilter[];

/** A parameter as a string, trimmed (a repeated one is refused before any route runs). */
const param = (query: Record<string, unknown>, name: string): string => (typeof query[name] === 'string' ? (query[name] as string).trim() : '');

function textParam(errors: FieldErrorList, query: Record<string, unknown>, name: string, max: number): string {
  const raw = param(query, name);
  const refused = controlCharactersError(raw);
  if (refused) errors.add(name, refused);
  else if (raw.length > max) errors.add(name, REPORT_QUERY_MESSAGES.tooLong(max));
  else return raw;
  return '';
}

function readRange(errors: FieldErrorList, query: Record<string, unknown>, today: string): { from: string; to: string } {
  const read = (name: 'from' | 'to'): string | null | undefined => {
    const raw = param(query, name);
    if (raw === '') return undefined;
    const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? parseDate(raw) : null;
    if (date === null) errors.add(name, REPORT_QUERY_MESSAGES.date);
    return date;
  };
  const fromRaw = read('from');
  const toRaw = read('to');
  if (fromRaw === null || toRaw === null) return { from: today, to: today };
  const to = toRaw ?? (fromRaw !== undefined && fromRaw > today ? fromRaw : today);
  const from = fromRaw ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  if (from > to) errors.add('to', REPORT_QUERY_MESSAGES.order);
  else if (daysBetween(from, to) + 1 > REPORT_MAX_RANGE_DAYS) errors.add('to', REPORT_QUERY_MESSAGES.range);
  return { from, to };
}

function readFilters(errors: FieldErrorList, query: Record<string, unknown>): ReportFilters {
  const filters: ReportFilters = {};
  for (const name of ID_FILTERS) {
    const raw = textParam(errors, query, name, 20);
    if (raw === '') continue;
    if (/^\d{1,10}$/.test(raw) && isRowId(Number(raw))) filters[name] = Number(raw);
    else errors.add(name, REPORT_QUERY_MESSAGES.id);
  }
  const state = textParam(errors, query, 'state', MAX_NAME_FILTER_LENGTH);
  if (state !== '') {
    if (isMemberState(state)) filters.state = state;
    else errors.add('state', REPORT_QUERY_MESSAGES.choice(state));
  }
  const action = textParam(errors, query, 'action', MAX_NAME_FILTER_LENGTH);
  if (action !== '') filters.action = action;
  const entity = textParam(errors, query, 'entity', MAX_NAME_FILTER_LENGTH);
  if (entity !== '') filters.entity = entity;
  return filters;
}

/**
 * Reads a report call's query for one section, or for the summary (`section` null: no ordering,
 * paging or format). `today` is the library's today, the end of the default range. Filters are
 * checked wherever they are sent; only those the section declares are applied (by the services).
 */
export function parseReportQuery(section: ReportSection | null, query: Record<string, unknown>, today: string): ReportQuery {
  const errors = new FieldErrorList();
  const { from, to } = readRange(errors, query, today);
  const filters = readFilters(errors, query);
  const term = textParam(errors, query, 'search', MAX_SEARCH_LENGTH);
  let ordering = { key: '', desc: false };
  let format: ReportQuery['format'] = 'json';
  if (section) {
    const allowed = orderingsOf(section);
    const raw = textParam(errors, query, 'ordering', MAX_NAME_FILTER_LENGTH) || section.defaultOrdering;
    if (allowed.includes(raw)) ordering = { key: raw.replace(/^-/, ''), desc: raw.startsWith('-') };
    else errors.add('ordering', REPORT_QUERY_MESSAGES.ordering(allowed));
    const rawFormat = textParam(errors, query, 'format', MAX_NAME_FILTER_LENGTH);
    if (rawFormat === 'csv') format = 'csv';
    else if (rawFormat !== '' && rawFormat !== 'json') errors.add('format', REPORT_QUERY_MESSAGES.choice(rawFormat));
  }
  for (const name of ['page', 'page_size']) textParam(errors, query, name, 20);
  errors.throwIfAny();
  const page = readPage({ page: param(query, 'page') || '1', page_size: param(query, 'page_size') })!;
  return { from, to, filters, term, ordering, page, format };
}
