/**
 * The reports of the staff menu's Reports group, one catalogue for the site and the server: which
 * reports exist, the permission each needs, its sections (the tables), each section's columns (also
 * the CSV export's columns, in order), sortable columns (the server's `ordering` whitelist) and the
 * filters it takes. The server answers `GET /reports/{report}/summary/` (figures and charts) and
 * `GET /reports/{report}/{section}/` (a page of rows, or the whole filtered list as CSV with
 * `format=csv`) from this table; the site draws its tables and filters from it.
 */
import { COPY_STATUSES, COPY_STATUS_LABELS, type CopyStatus } from './copies.js';
import { formatCount } from './numbers.js';

export type ReportKey = 'books' | 'members' | 'financial' | 'audit';

/** How a cell is shown and exported: money is a decimal string ("12.50"); dates YYYY-MM-DD; moments ISO. */
export type ColumnKind = 'text' | 'count' | 'money' | 'date' | 'moment' | 'json';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** Sortable: the key may be sent as `ordering=key` or `ordering=-key`. */
  sort?: boolean;
}

/** Filters a section takes besides the date range, search, ordering and paging. */
export type ReportFilter = 'department' | 'category' | 'plan' | 'session' | 'state' | 'staff' | 'user' | 'action' | 'entity';

export interface ReportSection {
  key: string;
  title: string;
  /** One line under the title: what the rows are and what the date range selects. */
  description: string;
  columns: readonly ReportColumn[];
  /** The ordering when none is asked for. */
  defaultOrdering: string;
  filters: readonly ReportFilter[];
  /** Whether the date range applies (a snapshot such as low stock ignores it). */
  dated: boolean;
  /** False where the rows have nothing to search (periods, fee types): the search does not apply. */
  searched?: false;
}

export interface ReportDefinition {
  key: ReportKey;
  title: string;
  permission: string;
  sections: readonly ReportSection[];
}

const col = (key: string, label: string, kind: ColumnKind = 'text', sort = false): ReportColumn => ({ key, label, kind, ...(sort ? { sort } : {}) });

/** Short column headers for the two long status words, so the copies-by-status columns stay narrow. */
const STATUS_HEADERS: Partial<Record<CopyStatus, string>> = { ON_HOLD: 'Held', DAMAGED: 'Damaged' };

export const REPORTS: Readonly<Record<ReportKey, ReportDefinition>> = {
  books: {
    key: 'books',
    title: 'Book Report',
    permission: 'view_book_report',
    sections: [
      {
        key: 'out',
        title: 'Copies out',
        description: 'Loans not yet returned, issued in the date range.',
        columns: [col('loan_id', 'Loan', 'count', true), col('title', 'Title', 'text', true), col('member', 'Member', 'text', true), col('member_no', 'Member no.'), col('issue_date', 'Issued', 'date', true), col('due_date', 'Due', 'date', true)],
        defaultOrdering: '-issue_date',
        filters: ['department', 'category'],
        dated: true,
      },
      {
        key: 'overdue',
        title: 'Overdue',
        description: 'Loans past their due date today, with the days overdue.',
        columns: [col('loan_id', 'Loan', 'count', true), col('title', 'Title', 'text', true), col('member', 'Member', 'text', true), col('member_no', 'Member no.'), col('due_date', 'Due', 'date', true), col('days_overdue', 'Days overdue', 'count', true)],
        defaultOrdering: '-days_overdue',
        filters: ['department', 'category'],
        dated: false,
      },
      {
        key: 'most-borrowed',
        title: 'Most borrowed',
        description: 'Titles by the number of loans issued in the date range.',
        columns: [col('book_id', 'Book', 'count', true), col('title', 'Title', 'text', true), col('author', 'Author', 'text', true), col('loans', 'Loans', 'count', true), col('total_copies', 'Copies', 'count', true)],
        defaultOrdering: '-loans',
        filters: ['department', 'category'],
        dated: true,
      },
      {
        key: 'never-borrowed',
        title: 'Never borrowed',
        description: 'Titles with no loan at all.',
        columns: [col('book_id', 'Book', 'count', true), col('title', 'Title', 'text', true), col('author', 'Author', 'text', true), col('total_copies', 'Copies', 'count', true), col('created_at', 'Added', 'moment', true)],
        defaultOrdering: 'title',
        filters: ['department', 'category'],
        dated: false,
      },
      {
        key: 'low-stock',
        title: 'Low stock',
        description: 'Active titles with no more copies on the shelf than the low-stock threshold.',
        columns: [col('book_id', 'Book', 'count', true), col('title', 'Title', 'text', true), col('author', 'Author', 'text', true), col('available_copies', 'Available', 'count', true), col('total_copies', 'Copies', 'count', true)],
        defaultOrdering: 'available_copies',
        filters: ['department', 'category'],
        dated: false,
      },
      {
        key: 'lost',
        title: 'Lost and written off',
        description: 'Loans that ended LOST or WRITE_OFF in the date range, with the price charged.',
        columns: [col('loan_id', 'Loan', 'count', true), col('title', 'Title', 'text', true), col('member', 'Member', 'text', true), col('status', 'Status', 'text', true), col('returned_on', 'Recorded', 'date', true), col('price', 'Price', 'money', true)],
        defaultOrdering: '-returned_on',
        filters: ['department', 'category'],
        dated: true,
      },
      {
        key: 'accession-register',
        title: 'Accession register',
        description: 'Every copy acquired in the date range, by accession number: its title, call number, source, price (the copy’s, else the title’s) and status.',
        columns: [
          col('accession_no', 'Accession no.', 'text', true),
          col('title', 'Title', 'text', true),
          col('call_number', 'Call number', 'text', true),
          col('acquired_on', 'Acquired', 'date', true),
          col('source', 'Source', 'text', true),
          col('price', 'Price', 'money', true),
          col('status', 'Status', 'text', true),
          col('withdrawn_on', 'Withdrawn', 'date', true),
          col('status_reason', 'Reason'),
        ],
        defaultOrdering: 'accession_no',
        filters: ['department', 'category'],
        dated: true,
      },
      {
        key: 'copies-by-status',
        title: 'Copies by status',
        description: 'Each title’s copies today by status: on the shelf, out, held, damaged, lost, missing and withdrawn.',
        columns: [
          col('book_id', 'Book', 'count', true),
          col('title', 'Title', 'text', true),
          col('author', 'Author', 'text', true),
          col('copies', 'Copies', 'count', true),
          ...COPY_STATUSES.map((status) => col(status.toLowerCase(), STATUS_HEADERS[status] ?? COPY_STATUS_LABELS[status], 'count', true)),
        ],
        defaultOrdering: 'title',
        filters: ['department', 'category'],
        dated: false,
      },
    ],
  },
  members: {
    key: 'members',
    title: 'Member Report',
    permission: 'view_member_report',
    sections: [
      {
        key: 'members',
        title: 'Members',
        description: 'Members who joined in the date range, with state, plan, department and session.',
        columns: [col('user_id', 'Id', 'count', true), col('name', 'Name', 'text', true), col('username', 'Username', 'text', true), col('member_no', 'Member no.', 'text', true), col('state', 'State', 'text', true), col('plan', 'Plan', 'text', true), col('department', 'Department', 'text', true), col('session', 'Session', 'text', true), col('date_joined', 'Joined', 'moment', true)],
        defaultOrdering: '-date_joined',
        filters: ['state', 'plan', 'department', 'session'],
        dated: true,
      },
      {
        key: 'defaulters',
        title: 'Defaulters',
        description: 'Members who owe fines today, largest amount first.',
        columns: [col('user_id', 'Id', 'count', true), col('name', 'Name', 'text', true), col('member_no', 'Member no.', 'text', true), col('fines', 'Fines', 'count', true), col('owed', 'Owed', 'money', true), col('oldest_fine', 'Oldest fine', 'moment', true)],
        defaultOrdering: '-owed',
        filters: ['state', 'plan', 'department', 'session'],
        dated: false,
      },
      {
        key: 'top-readers',
        title: 'Top readers',
        description: 'Members by the number of loans issued to them in the date range.',
        columns: [col('user_id', 'Id', 'count', true), col('name', 'Name', 'text', true), col('member_no', 'Member no.', 'text', true), col('loans', 'Loans', 'count', true), col('books_out', 'Out now', 'count', true)],
        defaultOrdering: '-loans',
        filters: ['state', 'plan', 'department', 'session'],
        dated: true,
      },
      {
        key: 'at-limit',
        title: 'At their limit',
        description: 'Active members holding as many books as their plan (or the book settings) allows.',
        columns: [col('user_id', 'Id', 'count', true), col('name', 'Name', 'text', true), col('member_no', 'Member no.', 'text', true), col('plan', 'Plan', 'text', true), col('books_out', 'Out now', 'count', true), col('loan_limit', 'Limit', 'count', true)],
        defaultOrdering: '-books_out',
        filters: ['state', 'plan', 'department', 'session'],
        dated: false,
      },
    ],
  },
  financial: {
    key: 'financial',
    title: 'Financial Report',
    permission: 'view_financial_report',
    sections: [
      {
        key: 'periods',
        title: 'By period',
        description: 'Fines charged in each period of the date range, and what was collected, discounted and is still outstanding of them.',
        columns: [col('period', 'Period', 'text', true), col('fines', 'Fines', 'count', true), col('charged', 'Charged', 'money', true), col('collected', 'Collected', 'money', true), col('discounted', 'Discounted', 'money', true), col('outstanding', 'Outstanding', 'money', true)],
        defaultOrdering: '-period',
        filters: [],
        dated: true,
        searched: false,
      },
      {
        key: 'payments',
        title: 'Payments',
        description: 'Every collection in the date range with its receipt number; a refund is a receipt of negative cash.',
        columns: [col('receipt_no', 'Receipt', 'text', true), col('created_at', 'When', 'moment', true), col('member', 'Member', 'text', true), col('member_no', 'Member no.'), col('collected_by', 'Collected by', 'text', true), col('cash', 'Cash', 'money', true), col('discount', 'Discount', 'money', true), col('discount_reason', 'Discount reason')],
        defaultOrdering: '-created_at',
        filters: ['staff'],
        dated: true,
      },
      {
        key: 'reconciliation',
        title: 'Cash reconciliation',
        description: 'Cash taken per staff member and day: the drawer each desk should hand over.',
        columns: [col('day', 'Day', 'date', true), col('collected_by', 'Staff member', 'text', true), col('receipts', 'Receipts', 'count', true), col('cash', 'Cash', 'money', true), col('discount', 'Discount', 'money', true)],
        defaultOrdering: '-day',
        filters: ['staff'],
        dated: true,
      },
      {
        key: 'fee-types',
        title: 'By fee type',
        description: 'Charges made in the date range by fee type: charged, collected (refunds netted out), waived, cancelled, refunded and still owed.',
        columns: [
          col('fee_type', 'Type code', 'text', true), col('label', 'Fee type', 'text', true), col('charges', 'Charges', 'count', true), col('charged', 'Charged', 'money', true),
          col('collected', 'Collected', 'money', true), col('waived', 'Waived', 'money', true), col('cancelled', 'Cancelled', 'money', true), col('refunded', 'Refunded', 'money', true),
          col('outstanding', 'Outstanding', 'money', true),
        ],
        defaultOrdering: 'fee_type',
        filters: [],
        dated: true,
        searched: false,
      },
    ],
  },
  audit: {
    key: 'audit',
    title: 'Audit Trail',
    permission: 'view_auditlog',
    sections: [
      {
        key: 'entries',
        title: 'Changes',
        description: 'Every recorded change and sign-in in the date range: who did what to which record, when, before and after.',
        // `sentence` is the entry in words, written from the other columns once the page is read.
        columns: [
          col('id', 'Entry', 'count', true),
          col('created_at', 'When', 'moment', true),
          col('actor', 'Who', 'text', true),
          col('sentence', 'What happened', 'text'),
          col('action', 'Action', 'text', true),
          col('entity', 'What', 'text', true),
          col('entity_id', 'Record id'),
          col('record', 'Record', 'text', true),
          col('member', 'Member', 'text', true),
          col('user', 'Username', 'text', true),
          col('before', 'Before', 'json'),
          col('after', 'After', 'json'),
        ],
        defaultOrdering: '-created_at',
        filters: ['user', 'action', 'entity'],
        dated: true,
      },
    ],
  },
};

/** The report of a key, or null for an unknown one. */
export function reportOf(key: string): ReportDefinition | null {
  return Object.prototype.hasOwnProperty.call(REPORTS, key) ? REPORTS[key as ReportKey] : null;
}

/** A report's section, or null. */
export function sectionOf(report: ReportDefinition, key: string): ReportSection | null {
  return report.sections.find((section) => section.key === key) ?? null;
}

/** The orderings a section accepts (`key` and `-key` of each sortable column). */
export function orderingsOf(section: ReportSection): string[] {
  return section.columns.filter((column) => column.sort).flatMap((column) => [column.key, `-${column.key}`]);
}

/** Most rows one CSV export writes; a larger list says so in its last line (narrow the filters). */
export const REPORT_EXPORT_MAX_ROWS = 50_000;

/** The last line of an export that stopped at its bound (the reports' and the notification history's). */
export const exportCutMessage = (max: number): string => `The export stopped at ${formatCount(max)} rows; narrow the filters to export the rest.`;

/** Longest date range a report answers, in days (about ten years). */
export const REPORT_MAX_RANGE_DAYS = 3_700;

/** Period buckets of the dashboard and the financial report's charts. */
export type ReportPeriod = 'day' | 'week' | 'month';
export const REPORT_PERIODS: readonly ReportPeriod[] = ['day', 'week', 'month'];
