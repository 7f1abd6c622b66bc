/**
 * Answers of the dashboards and reports (docs/API.md "Dashboards and reports"). The server builds
 * them with these types; the site validates them with these structs. Money is a decimal string
 * ("12.50"), dates YYYY-MM-DD, moments ISO 8601; a chart's points are in time order.
 */
import { array, boolean, enums, nullable, number, optional, record, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from './common.js';

const Amount = union([string(), number()]);
const Cell = nullable(union([string(), number(), boolean()]));

/** One chart: a series per line or bar group, a point per bucket or category; drawn with a data table behind it. */
export const ReportChartStruct = type({
  key: string(),
  title: string(),
  kind: enums(['bar', 'line']),
  series: array(type({ key: string(), label: string(), kind: enums(['count', 'money']) })),
  points: array(type({ label: string(), values: record(string(), Amount) })),
});
export type ReportChart = Infer<typeof ReportChartStruct>;

/** One headline figure of a report or of the staff home. */
export const ReportFigureStruct = type({
  key: string(),
  label: string(),
  kind: enums(['count', 'money']),
  value: Amount,
});
export type ReportFigure = Infer<typeof ReportFigureStruct>;

/** `GET /reports/{report}/summary/?from&to&…filters`. */
export const ReportSummaryStruct = type({
  report: string(),
  from: nullable(string()),
  to: nullable(string()),
  figures: array(ReportFigureStruct),
  charts: array(ReportChartStruct),
});
export type ReportSummary = Infer<typeof ReportSummaryStruct>;

/** `GET /reports/{report}/{section}/?from&to&search&ordering&page&page_size&…filters`: rows keyed by column key. */
export const ReportPageStruct = type({
  count: number(),
  next: optional(nullable(string())),
  previous: optional(nullable(string())),
  results: array(record(string(), Cell)),
});
export type ReportPage = Infer<typeof ReportPageStruct>;
export type ReportRow = ReportPage['results'][number];

/** A card of the staff home: its figure and the list it opens. */
export const DashboardCardStruct = type({
  key: string(),
  label: string(),
  kind: enums(['count', 'money']),
  value: Amount,
  /** A dashboard path such as `members/pending` or `books/record?status=LOST`; null when no list shows it. */
  href: nullable(string()),
});
export type DashboardCard = Infer<typeof DashboardCardStruct>;

const PersonStruct = type({ id: IdStruct, name: string(), username: optional(string()), member_no: optional(nullable(string())) });

/**
 * `GET /reports/dashboard/?period=day|week|month` (view_dashboard_summary): the staff home in one
 * call. A chart or table the reader may not read (dashboard-sections.ts) is left out of the answer.
 */
export const DashboardSummaryStruct = type({
  today: string(),
  period: enums(['day', 'week', 'month']),
  cards: array(DashboardCardStruct),
  charts: type({ circulation: optional(ReportChartStruct), fines: optional(ReportChartStruct), registrations: optional(ReportChartStruct) }),
  tables: type({
    recent_issues: optional(array(type({ id: IdStruct, issue_date: string(), due_date: string(), book: type({ id: IdStruct, title: string() }), member: PersonStruct }))),
    newest_members: optional(array(type({ id: IdStruct, name: string(), username: string(), member_no: nullable(string()), date_joined: string(), state: string() }))),
    top_defaulters: optional(array(type({ id: IdStruct, name: string(), username: string(), member_no: nullable(string()), fines: number(), owed: Amount }))),
  }),
});
export type DashboardSummary = Infer<typeof DashboardSummaryStruct>;

/** `GET /users/meberview/{userId}/dashboard/`: the member home (the original's counts and fines, and the lists behind them). */
export const MemberDashboardStruct = type({
  today: string(),
  issued_count: number(),
  overdue_count: number(),
  reserved_count: number(),
  fines: type({ total: Amount, paid: Amount, discounted: optional(Amount), pending: Amount }),
  loans: array(
    type({
      id: IdStruct,
      book: type({ id: IdStruct, title: string() }),
      issue_date: string(),
      due_date: string(),
      /** Whole days from today to the due date; negative when overdue. */
      days_left: number(),
      overdue: boolean(),
    }),
  ),
  reservations: array(
    type({
      id: IdStruct,
      book: type({ id: IdStruct, title: string() }),
      status: string(),
      position: optional(nullable(number())),
      queue_length: optional(nullable(number())),
      hold_until: optional(nullable(string())),
    }),
  ),
  wishlist: array(type({ id: IdStruct, book: type({ id: IdStruct, title: string(), cover_photo: optional(nullable(string())) }) })),
  notices: array(type({ id: IdStruct, title: string(), message: optional(nullable(string())), created_at: string(), is_read: boolean(), link: optional(nullable(string())) })),
});
export type MemberDashboard = Infer<typeof MemberDashboardStruct>;
