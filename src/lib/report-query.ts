/**
 * A report page's state in its URL, as pure data: the date range (a preset such as "Last 30 days",
 * kept as `range=last-7` so a shared link stays relative to the day it is opened, or custom dates
 * `from`/`to`), the active section (`section=`, one of the catalogue's), the search, the section's
 * ordering, page and page size, and every filter of the report. Filters and the search are the
 * report's, not a tab's: switching sections keeps them. A filter the active section does not take
 * stays in the state and the URL, is shown as not applying and is left out of the calls, so going
 * back to a section it applies to restores it; a filter is never silently dropped. Values that do
 * not parse (an unknown section, a sort key the section does not offer, a range the server
 * refuses) are ignored for the defaults. Defaults stay out of the URL.
 *
 * Also the calls' queries built from that state, the export's file name and the filters in words
 * (for the print view). Dates are calendar dates in the library's time zone: `today` is handed in.
 */
import { addDays, daysBetween, formatDate, parseDate } from '#shared/dates';
import { REPORT_MAX_RANGE_DAYS, orderingsOf, sectionOf, type ReportDefinition, type ReportFilter, type ReportSection } from '#shared/report-catalogue';
import { MEMBER_STATE_TEXT, MEMBER_STATES } from '#shared/member-state';
import { formatCount } from '#shared/numbers';
import { PAGE_SIZES, choiceFilter, idFilter, type FilterParser } from './table-query';

/** The date range presets, in the order the picker offers them. */
export const RANGE_PRESETS = [
  { key: 'today', label: 'Today' },
  { key: 'last-7', label: 'Last 7 days' },
  { key: 'last-30', label: 'Last 30 days' },
  { key: 'this-month', label: 'This month' },
  { key: 'last-month', label: 'Last month' },
  { key: 'this-year', label: 'This year' },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number]['key'];
/** A preset, or 'custom' for dates typed by the user. */
export type RangeChoice = RangePreset | 'custom';

export const DEFAULT_RANGE: RangePreset = 'last-30';
export const REPORT_PAGE_SIZE = 20;

/** The first and last day (inclusive) of a preset, for the library's `today` (YYYY-MM-DD). */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last-7':
      return { from: addDays(today, -6), to: today };
    case 'last-30':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: `${month}-01`, to: today };
    case 'last-month': {
      const lastOfPrevious = addDays(`${month}-01`, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The label of a range choice: 'Last 30 days', or 'Custom dates'. */
export const rangeLabel = (choice: RangeChoice): string => RANGE_PRESETS.find((preset) => preset.key === choice)?.label ?? 'Custom dates';

/** Parsers of each filter's URL value: ids for lists and people, the member states, audit words. */
export const REPORT_FILTER_PARSERS: Readonly<Record<ReportFilter, FilterParser>> = {
  department: idFilter,
  category: idFilter,
  plan: idFilter,
  session: idFilter,
  staff: idFilter,
  user: idFilter,
  state: choiceFilter(MEMBER_STATES),
  action: (raw) => (/^[A-Za-z][A-Za-z0-9_.]{0,49}$/.test(raw) ? raw : undefined),
  entity: (raw) => (/^[a-z][a-z0-9_]{0,49}$/.test(raw) ? raw : undefined),
};

/** What a report page shows: the range, the section and its table state. */
export interface ReportState {
  section: string;
  range: RangeChoice;
  /** YYYY-MM-DD, inclusive; always a valid range (the preset's days when `range` is one). */
  from: string;
  to: string;
  search: string;
  /** An ordering the section offers, or '' for its default ordering. */
  ordering: string;
  page: number;
  pageSize: number;
  /** Every filter of the report (any section's), '' for "any". */
  filters: Partial<Record<ReportFilter, string>>;
}

/** Every filter the report's sections take, in the order they are first declared. */
export const reportFilters = (report: ReportDefinition): ReportFilter[] => [...new Set(report.sections.flatMap((section) => section.filters))];

/** Whether the section takes a filter (the server applies it to its rows, CSV and summary). */
export const filterApplies = (section: ReportSection, name: ReportFilter): boolean => section.filters.includes(name);

/** The note beside a filter the section does not take. */
export const notApplyingNote = (section: ReportSection): string => `Does not apply to ${section.title}`;

/** The filters with a value that the active section does not take (kept, shown as not applying). */
export function notApplying(report: ReportDefinition, state: ReportState): ReportFilter[] {
  const section = sectionOf(report, state.section) ?? firstSection(report);
  return reportFilters(report).filter((name) => Boolean(state.filters[name]) && !filterApplies(section, name));
}

const emptyFilters = (report: ReportDefinition): Partial<Record<ReportFilter, string>> => Object.fromEntries(reportFilters(report).map((name) => [name, '']));

const firstSection = (report: ReportDefinition): ReportSection => report.sections[0]!;

/** The state of a plain visit: the first section, the last 30 days, nothing filtered. */
export function defaultReportState(report: ReportDefinition, today: string, sectionKey?: string): ReportState {
  const section = (sectionKey && sectionOf(report, sectionKey)) || firstSection(report);
  return { section: section.key, range: DEFAULT_RANGE, ...presetRange(DEFAULT_RANGE, today), search: '', ordering: '', page: 1, pageSize: REPORT_PAGE_SIZE, filters: emptyFilters(report) };
}

/** Whether two dates make a range the server answers: from ≤ to, at most REPORT_MAX_RANGE_DAYS long. */
export function validRange(from: string, to: string): boolean {
  const days = daysBetween(from, to);
  return days >= 0 && days < REPORT_MAX_RANGE_DAYS;
}

/** Reads a report page's state from its URL query; what does not parse is left at the default. */
export function parseReportState(report: ReportDefinition, params: URLSearchParams, today: string): ReportState {
  const state = defaultReportState(report, today, params.get('section')?.trim() ?? '');
  const section = sectionOf(report, state.section)!;
  const from = parseDate(params.get('from'));
  const to = parseDate(params.get('to'));
  const preset = RANGE_PRESETS.find((item) => item.key === params.get('range'))?.key;
  if (from && to && validRange(from, to)) Object.assign(state, { range: 'custom', from, to });
  else if (preset) Object.assign(state, { range: preset }, presetRange(preset, today));
  state.search = (params.get('search') ?? '').trim().slice(0, 100);
  for (const name of reportFilters(report)) {
    const raw = params.get(name)?.trim();
    if (raw) state.filters[name] = REPORT_FILTER_PARSERS[name](raw) ?? '';
  }
  const ordering = params.get('ordering')?.trim() ?? '';
  if (orderingsOf(section).includes(ordering)) state.ordering = ordering;
  const page = params.get('page') ?? '';
  if (/^\d{1,9}$/.test(page) && Number(page) >= 1) state.page = Number(page);
  const size = Number(params.get('page_size') ?? '');
  if ((PAGE_SIZES as readonly number[]).includes(size)) state.pageSize = size;
  return state;
}

/** Writes a state as URL parameters: every filter with a value (also those the section does not take), no defaults. */
export function reportStateToParams(report: ReportDefinition, state: ReportState): URLSearchParams {
  const params = new URLSearchParams();
  const section = sectionOf(report, state.section) ?? firstSection(report);
  if (section !== firstSection(report)) params.set('section', section.key);
  if (state.range === 'custom') {
    params.set('from', state.from);
    params.set('to', state.to);
  } else if (state.range !== DEFAULT_RANGE) params.set('range', state.range);
  if (state.search.trim()) params.set('search', state.search.trim());
  for (const name of reportFilters(report)) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  if (state.ordering && orderingsOf(section).includes(state.ordering)) params.set('ordering', state.ordering);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== REPORT_PAGE_SIZE) params.set('page_size', String(state.pageSize));
  return params;
}

/** The URL query string of a state: '' or '?…'. */
export function reportStateSearch(report: ReportDefinition, state: ReportState): string {
  const query = reportStateToParams(report, state).toString();
  return query ? `?${query}` : '';
}

/** The state after choosing another section: the range, search and every filter stay; its own order, page 1. */
export function withSection(report: ReportDefinition, state: ReportState, sectionKey: string): ReportState {
  const section = sectionOf(report, sectionKey);
  if (!section || section.key === state.section) return state;
  return { ...state, section: section.key, ordering: '', page: 1 };
}

/** The state after choosing a range preset (or custom dates, when valid); back to page 1. */
export function withRange(state: ReportState, choice: RangeChoice, today: string, dates?: { from: string; to: string }): ReportState {
  if (choice !== 'custom') return { ...state, range: choice, ...presetRange(choice, today), page: 1 };
  const from = parseDate(dates?.from ?? state.from);
  const to = parseDate(dates?.to ?? state.to);
  if (!from || !to || !validRange(from, to)) return state;
  return { ...state, range: 'custom', from, to, page: 1 };
}

/** Custom dates as typed: ISO, or '' while a field's text is not a whole date. */
export interface RangeDraft {
  from: string;
  to: string;
}

/** Why two typed dates make no range the server answers; null while one is missing (its field says why). */
export function rangeDraftProblem(draft: RangeDraft): string | null {
  if (!draft.from || !draft.to) return null;
  if (draft.from > draft.to) return 'The end date must not be before the start date.';
  if (!validRange(draft.from, draft.to)) return `Choose at most ${formatCount(REPORT_MAX_RANGE_DAYS)} days.`;
  return null;
}

/** The range two typed dates make, or null while they make none (one missing, reversed, too long). */
export const draftRange = (draft: RangeDraft): RangeDraft | null => (draft.from && draft.to && !rangeDraftProblem(draft) ? draft : null);

/** Whether the search or a filter is set (the range does not count), applying or not: Clear clears both. */
export const isNarrowed = (state: ReportState): boolean => state.search.trim() !== '' || Object.values(state.filters).some(Boolean);

/** The section's filters with a value, as query parameters. */
function filterParams(section: ReportSection, state: ReportState): Record<string, string> {
  return Object.fromEntries(section.filters.flatMap((name) => (state.filters[name] ? [[name, state.filters[name]!]] : [])));
}

/** `GET /reports/{report}/summary/`'s query: the range and the active section's filters. */
export function summaryQuery(report: ReportDefinition, state: ReportState): Record<string, string> {
  const section = sectionOf(report, state.section) ?? firstSection(report);
  return { from: state.from, to: state.to, ...filterParams(section, state) };
}

/** `GET /reports/{report}/{section}/`'s query for the current page (the range only for dated sections). */
export function sectionQuery(report: ReportDefinition, state: ReportState): Record<string, string> {
  const section = sectionOf(report, state.section) ?? firstSection(report);
  return {
    ...(section.dated ? { from: state.from, to: state.to } : {}),
    ...(state.search.trim() && section.searched !== false ? { search: state.search.trim() } : {}),
    ...filterParams(section, state),
    ordering: state.ordering || section.defaultOrdering,
    page: String(state.page),
    page_size: String(state.pageSize),
  };
}

/** The same section's whole filtered list as CSV (`format=csv`): no paging. */
export function exportQuery(report: ReportDefinition, state: ReportState): Record<string, string> {
  const { page: _page, page_size: _size, ...query } = sectionQuery(report, state);
  return { ...query, format: 'csv' };
}

/** The export's file name when the server names none: `books-overdue-2026-10-28-2026-11-26.csv`. */
export const reportFileName = (report: ReportDefinition, state: ReportState): string => `${report.key}-${state.section}-${state.from}-${state.to}.csv`;

/** Human names of filter values (a department's name for its id); the id is shown when unknown. */
export type FilterNames = Partial<Record<ReportFilter, (value: string) => string | null | undefined>>;

const FILTER_LABELS: Readonly<Record<ReportFilter, string>> = {
  department: 'Department',
  category: 'Category',
  plan: 'Plan',
  session: 'Session',
  state: 'State',
  staff: 'Staff member',
  user: 'User',
  action: 'Action',
  entity: 'Record type',
};

/** A filter's label on the page and in the print view. */
export const filterLabel = (name: ReportFilter): string => FILTER_LABELS[name];

/**
 * The state in words, one line each, for the print view: the dates (or that the section ignores
 * them), the search, each filter with its name (and, where the section does not take it, that it
 * does not apply), and the order.
 */
export function filtersInWords(report: ReportDefinition, state: ReportState, dateFormat: string | null | undefined, names: FilterNames = {}): string[] {
  const section = sectionOf(report, state.section) ?? firstSection(report);
  const day = (date: string) => formatDate(date, dateFormat) ?? date;
  const lines = [
    section.dated
      ? `${state.range === 'custom' ? 'Dates' : rangeLabel(state.range)}: ${day(state.from)} to ${day(state.to)}`
      : `Dates: not applicable (${section.title.toLowerCase()} as of today)`,
  ];
  if (state.search.trim()) lines.push(`Search: “${state.search.trim()}”${section.searched === false ? ` (${notApplyingNote(section).replace(/^D/, 'd')})` : ''}`);
  for (const name of reportFilters(report)) {
    const value = state.filters[name];
    if (value) lines.push(`${filterLabel(name)}: ${names[name]?.(value) || value}${filterApplies(section, name) ? '' : ` (${notApplyingNote(section).replace(/^D/, 'd')})`}`);
  }
  const ordering = state.ordering || section.defaultOrdering;
  const key = ordering.replace(/^-/, '');
  const column = section.columns.find((item) => item.key === key);
  if (column) lines.push(`Order: ${column.label}, ${ordering.startsWith('-') ? 'descending' : 'ascending'}`);
  return lines;
}

/** Kinds of record the audit trail names (`entity`), with the words the filter shows. */
export const AUDIT_ENTITIES: readonly { value: string; label: string }[] = [
  { value: 'book', label: 'Book' },
  { value: 'book_import', label: 'Book import' },
  { value: 'loan', label: 'Loan' },
  { value: 'reservation', label: 'Reservation' },
  { value: 'user', label: 'User' },
  { value: 'member', label: 'Member' },
  { value: 'member_import', label: 'Member import' },
  { value: 'membership_plan', label: 'Membership plan' },
  { value: 'role', label: 'Role' },
  { value: 'invitation', label: 'Invitation' },
  { value: 'category', label: 'Category' },
  { value: 'department', label: 'Department' },
  { value: 'language', label: 'Language' },
  { value: 'session', label: 'Academic session' },
  { value: 'library_settings', label: 'Library settings' },
  { value: 'notification_settings', label: 'Notification settings' },
  { value: 'notification_log', label: 'Notification' },
];

/** The member states of the Member Report's filter, with their words. */
export const MEMBER_STATE_OPTIONS: readonly { value: string; label: string }[] = MEMBER_STATES.map((state) => ({ value: state, label: MEMBER_STATE_TEXT[state] }));
