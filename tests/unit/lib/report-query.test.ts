import { describe, expect, test } from 'vitest';
import { REPORTS } from '#shared/report-catalogue';
import {
  defaultReportState,
  draftRange,
  exportQuery,
  filterApplies,
  filtersInWords,
  notApplying,
  notApplyingNote,
  parseReportState,
  presetRange,
  rangeDraftProblem,
  reportFileName,
  reportFilters,
  reportStateSearch,
  reportStateToParams,
  sectionQuery,
  summaryQuery,
  withRange,
  withSection,
  type RangePreset,
} from '../../../src/lib/report-query';

const TODAY = '2026-11-26';
const parse = (report: keyof typeof REPORTS, query: string, today = TODAY) => parseReportState(REPORTS[report], new URLSearchParams(query), today);

describe('date range presets', () => {
  test.each<[RangePreset, string, string, string]>([
    ['today', TODAY, '2026-11-26', '2026-11-26'],
    ['last-7', TODAY, '2026-11-20', '2026-11-26'],
    ['last-30', TODAY, '2026-10-28', '2026-11-26'],
    ['this-month', TODAY, '2026-11-01', '2026-11-26'],
    ['last-month', TODAY, '2026-10-01', '2026-10-31'],
    ['this-year', TODAY, '2026-01-01', '2026-11-26'],
    ['last-month', '2026-01-15', '2025-12-01', '2025-12-31'],
    ['last-month', '2024-03-31', '2024-02-01', '2024-02-29'],
    ['last-7', '2026-03-03', '2026-02-25', '2026-03-03'],
  ])('%s on %s runs from %s to %s', (preset, today, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });

  test('a plain visit shows the last 30 days of the first section, nothing filtered', () => {
    expect(parse('books', '')).toEqual({ section: 'out', range: 'last-30', from: '2026-10-28', to: '2026-11-26', search: '', ordering: '', page: 1, pageSize: 20, filters: { department: '', category: '' } });
    expect(reportStateSearch(REPORTS.books, parse('books', ''))).toBe('');
  });

  test('a preset in the URL follows the day the link is opened', () => {
    expect(parse('books', 'range=last-7', '2026-12-10')).toMatchObject({ range: 'last-7', from: '2026-12-04', to: '2026-12-10' });
  });
});

describe('the URL round trip', () => {
  test.each([
    ['books', 'section=overdue&range=this-month&search=dune&department=3&category=4&ordering=-days_overdue&page=2&page_size=50'],
    ['members', 'section=members&from=2026-01-01&to=2026-06-30&state=pending&plan=2&session=5&department=1'],
    ['financial', 'section=payments&staff=12&ordering=cash'],
    ['audit', 'user=7&action=BOOK_UPDATED&entity=book&range=today&ordering=-created_at'],
  ] as const)('%s ?%s comes back as it went', (report, query) => {
    const state = parse(report, query);
    const again = parseReportState(REPORTS[report], reportStateToParams(REPORTS[report], state), TODAY);
    expect(again).toEqual(state);
    // The first section is the default, so it stays out of the URL.
    const sorted = (text: string) => [...new URLSearchParams(text)].filter(([name, value]) => !(name === 'section' && value === 'members')).map((pair) => pair.join('=')).sort();
    expect(sorted(reportStateSearch(REPORTS[report], state).slice(1))).toEqual(sorted(query));
  });
});

describe('filters are the report\'s: kept across sections, applied where the section takes them', () => {
  test('every filter of the report is read, whichever section is shown', () => {
    expect(parse('financial', 'section=periods&staff=3').filters).toEqual({ staff: '3' });
    expect(parse('members', 'section=defaulters&state=active&plan=2').filters).toEqual({ state: 'active', plan: '2', department: '', session: '' });
    expect(parse('books', 'user=5&action=BOOK_CREATED').filters).toEqual({ department: '', category: '' });
  });

  test('choosing another section keeps the dates, the search and every filter; its own order, page 1', () => {
    const state = parse('books', 'department=3&category=4&search=ada&ordering=title&page=3&from=2026-01-11&to=2026-02-01');
    const next = withSection(REPORTS.books, state, 'overdue');
    expect(next).toMatchObject({ section: 'overdue', search: 'ada', ordering: '', page: 1, range: 'custom', from: '2026-01-11', to: '2026-02-01', filters: { department: '3', category: '4' } });
    expect(reportStateSearch(REPORTS.books, next)).toBe('?section=overdue&from=2026-01-11&to=2026-02-01&search=ada&department=3&category=4');
    expect(sectionQuery(REPORTS.books, next)).toMatchObject({ department: '3', category: '4', search: 'ada' });
    expect(withSection(REPORTS.books, state, 'nope')).toBe(state);
  });

  test('a filter the section does not take stays in the URL, is named as not applying, is not sent, and applies again on its section', () => {
    const payments = parse('financial', 'section=payments&staff=12');
    const periods = withSection(REPORTS.financial, payments, 'periods');
    expect(reportStateSearch(REPORTS.financial, periods)).toBe('?staff=12');
    expect(notApplying(REPORTS.financial, periods)).toEqual(['staff']);
    expect(notApplying(REPORTS.financial, payments)).toEqual([]);
    expect(sectionQuery(REPORTS.financial, periods)).not.toHaveProperty('staff');
    expect(summaryQuery(REPORTS.financial, periods)).not.toHaveProperty('staff');
    expect(exportQuery(REPORTS.financial, periods)).not.toHaveProperty('staff');
    const back = withSection(REPORTS.financial, periods, 'payments');
    expect(sectionQuery(REPORTS.financial, back)).toMatchObject({ staff: '12' });
    expect(exportQuery(REPORTS.financial, back)).toMatchObject({ staff: '12', format: 'csv' });
    expect(notApplyingNote(REPORTS.financial.sections[0]!)).toBe('Does not apply to By period');
  });

  test('every report filter is offered on each section, the member state on every Member Report section', () => {
    expect(reportFilters(REPORTS.members)).toEqual(['state', 'plan', 'department', 'session']);
    expect(reportFilters(REPORTS.financial)).toEqual(['staff']);
    for (const section of REPORTS.books.sections) expect(section.filters).toEqual(['department', 'category']);
    for (const section of REPORTS.members.sections) expect(filterApplies(section, 'state')).toBe(true);
  });

  test('the queries carry the section filters with a value, and the dates only where they apply', () => {
    const state = parse('books', 'section=low-stock&category=4&search=%20atlas%20');
    expect(sectionQuery(REPORTS.books, state)).toEqual({ search: 'atlas', category: '4', ordering: 'available_copies', page: '1', page_size: '20' });
    expect(summaryQuery(REPORTS.books, state)).toEqual({ from: '2026-10-28', to: '2026-11-26', category: '4' });
    expect(exportQuery(REPORTS.books, parse('books', 'ordering=title&page=4'))).toEqual({ from: '2026-10-28', to: '2026-11-26', ordering: 'title', format: 'csv' });
  });

  test('the search is kept but not sent where the section has nothing to search', () => {
    const state = parse('financial', 'section=fee-types&search=ada');
    expect(reportStateSearch(REPORTS.financial, state)).toBe('?section=fee-types&search=ada');
    expect(sectionQuery(REPORTS.financial, state)).not.toHaveProperty('search');
    expect(sectionQuery(REPORTS.financial, withSection(REPORTS.financial, state, 'payments'))).toMatchObject({ search: 'ada' });
  });
});

describe('custom dates as typed', () => {
  test.each([
    [{ from: '2026-01-11', to: '2026-02-01' }, null],
    [{ from: '', to: '2026-02-01' }, null],
    [{ from: '2026-03-01', to: '2026-02-01' }, 'The end date must not be before the start date.'],
    [{ from: '2010-01-01', to: '2026-02-01' }, 'Choose at most 3,700 days.'],
  ])('%j: %s', (draft, problem) => {
    expect(rangeDraftProblem(draft)).toBe(problem);
  });

  test('typed dates make a range only when both are whole and in order', () => {
    expect(draftRange({ from: '2026-01-11', to: '2026-02-01' })).toEqual({ from: '2026-01-11', to: '2026-02-01' });
    expect(draftRange({ from: '', to: '2026-02-01' })).toBeNull();
    expect(draftRange({ from: '2026-03-01', to: '2026-02-01' })).toBeNull();
  });

  test('typing 11/01/2026 as the start keeps 11 January and the URL carries it in ISO', () => {
    const state = withRange(parse('books', ''), 'custom', TODAY, { from: '2026-01-11', to: TODAY });
    expect(state).toMatchObject({ range: 'custom', from: '2026-01-11', to: TODAY });
    expect(reportStateSearch(REPORTS.books, state)).toBe('?from=2026-01-11&to=2026-11-26');
    expect(parse('books', 'from=2026-01-11&to=2026-11-26')).toMatchObject({ range: 'custom', from: '2026-01-11' });
  });
});

describe('bad URL values are ignored', () => {
  test.each([
    ['section=nothing', { section: 'out' }],
    ['from=2026-11-30&to=2026-11-01', { range: 'last-30', from: '2026-10-28' }],
    ['from=2026-02-30&to=2026-03-01', { range: 'last-30' }],
    ['from=2000-01-01&to=2026-11-26', { range: 'last-30' }],
    ['from=2026-11-01', { range: 'last-30' }],
    ['range=forever', { range: 'last-30' }],
    ['ordering=-member_no', { ordering: '' }],
    ['ordering=drop table', { ordering: '' }],
    ['page=0&page_size=7', { page: 1, pageSize: 20 }],
    ['page=abc&page_size=100', { page: 1, pageSize: 100 }],
    ['department=abc&category=-1', { filters: { department: '', category: '' } }],
  ])('books ?%s', (query, expected) => {
    expect(parse('books', query)).toMatchObject(expected);
  });

  test.each([
    ['state=ACTIVE', 'active'],
    ['state=gone', ''],
  ])('member state ?%s reads %j', (query, expected) => {
    expect(parse('members', query).filters.state).toBe(expected);
  });

  test.each([
    ['action=BOOK_UPDATED&entity=book', { action: 'BOOK_UPDATED', entity: 'book' }],
    ['action=ACCOUNT_REGISTERED&entity=membership_plan', { action: 'ACCOUNT_REGISTERED', entity: 'membership_plan' }],
    ['action=%3Cscript%3E&entity=Book%20s', { action: '', entity: '' }],
    ['user=12', { user: '12' }],
    ['user=ada', { user: '' }],
  ])('audit ?%s', (query, expected) => {
    expect(parse('audit', query).filters).toMatchObject(expected);
  });
});

describe('ranges chosen on the page', () => {
  const state = defaultReportState(REPORTS.financial, TODAY);
  test('a preset sets its days and goes back to page 1', () => {
    expect(withRange({ ...state, page: 4 }, 'last-month', TODAY)).toMatchObject({ range: 'last-month', from: '2026-10-01', to: '2026-10-31', page: 1 });
  });
  test('custom dates apply only when they make a range', () => {
    expect(withRange(state, 'custom', TODAY, { from: '2026-05-01', to: '2026-05-31' })).toMatchObject({ range: 'custom', from: '2026-05-01', to: '2026-05-31' });
    expect(withRange(state, 'custom', TODAY, { from: '2026-06-01', to: '2026-05-31' })).toBe(state);
    expect(withRange(state, 'custom', TODAY, { from: '', to: '2026-05-31' })).toBe(state);
  });
});

describe('names and words', () => {
  test('the export file name says report, section and dates', () => {
    expect(reportFileName(REPORTS.books, parse('books', 'section=overdue'))).toBe('books-overdue-2026-10-28-2026-11-26.csv');
  });

  test('the print view says the filters in words', () => {
    const state = parse('books', 'section=most-borrowed&department=3&search=dune&ordering=-loans&range=this-month');
    expect(filtersInWords(REPORTS.books, state, 'DD/MM/YYYY', { department: (id) => (id === '3' ? 'Science' : null) })).toEqual([
      'This month: 01/11/2026 to 26/11/2026',
      'Search: “dune”',
      'Department: Science',
      'Order: Loans, descending',
    ]);
    expect(filtersInWords(REPORTS.books, parse('books', 'section=low-stock&category=9'), null)).toEqual([
      'Dates: not applicable (low stock as of today)',
      'Category: 9',
      'Order: Available, ascending',
    ]);
  });

  test('the print view names a kept filter that does not apply to the section', () => {
    expect(filtersInWords(REPORTS.financial, parse('financial', 'section=periods&staff=4'), null, { staff: () => 'Desk Clerk' })).toEqual([
      'Last 30 days: 28/10/2026 to 26/11/2026',
      'Staff member: Desk Clerk (does not apply to By period)',
      'Order: Period, descending',
    ]);
  });
});
