/**
 * The vocabulary of physical copies, shared by the site and the server: a copy's statuses and
 * which of them count in a title's stock, the status changes staff make by hand, acquisition
 * sources, how an accession number is formed, and the label-sheet layouts spine labels print on.
 */

/** Every status a copy can be in. */
export const COPY_STATUSES = ['AVAILABLE', 'ON_LOAN', 'ON_HOLD', 'DAMAGED', 'LOST', 'MISSING', 'WITHDRAWN'] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

export const COPY_STATUS_LABELS: Readonly<Record<CopyStatus, string>> = {
  AVAILABLE: 'Available',
  ON_LOAN: 'On loan',
  ON_HOLD: 'Held for pickup',
  DAMAGED: 'Damaged / in repair',
  LOST: 'Lost',
  MISSING: 'Missing',
  WITHDRAWN: 'Withdrawn',
};

/** Statuses that leave the stock: a title's `total_copies` does not count them. */
export const OUT_OF_STOCK: readonly CopyStatus[] = ['WITHDRAWN', 'LOST', 'MISSING'];

/** Whether a copy in this status counts in `total_copies`. `available_copies` counts only AVAILABLE. */
export const countsInStock = (status: CopyStatus): boolean => !OUT_OF_STOCK.includes(status);

/**
 * The status changes staff make by hand on a copy (PATCH). ON_LOAN and ON_HOLD are entered and
 * left only by circulation and reservations (issue, return, hold), never by hand.
 */
export const MANUAL_TRANSITIONS: Readonly<Record<CopyStatus, readonly CopyStatus[]>> = {
  AVAILABLE: ['DAMAGED', 'LOST', 'MISSING', 'WITHDRAWN'],
  DAMAGED: ['AVAILABLE', 'LOST', 'WITHDRAWN'],
  MISSING: ['AVAILABLE', 'LOST', 'WITHDRAWN'],
  LOST: ['AVAILABLE', 'WITHDRAWN'],
  WITHDRAWN: ['AVAILABLE'],
  ON_LOAN: [],
  ON_HOLD: [],
};

/** Whether staff may move a copy from one status to another by hand. */
export const manualChangeAllowed = (from: CopyStatus, to: CopyStatus): boolean => MANUAL_TRANSITIONS[from].includes(to);

/** Statuses a hand change into must give a reason for (withdrawn, damaged, lost, missing). */
export const REASON_REQUIRED: readonly CopyStatus[] = ['WITHDRAWN', 'DAMAGED', 'LOST', 'MISSING'];

export const COPY_MESSAGES = {
  notFound: 'No copy has this barcode or accession number.',
  transition: (from: CopyStatus, to: CopyStatus) => `A copy that is ${COPY_STATUS_LABELS[from].toLowerCase()} cannot be marked ${COPY_STATUS_LABELS[to].toLowerCase()}.`,
  reasonRequired: 'Give a reason for this change.',
  accessionTaken: 'This accession number is already used by another copy.',
  barcodeTaken: 'This barcode is already used by another copy.',
  heldForAnother: 'This copy is held for another member.',
  notAvailable: 'This copy is not on the shelf.',
  wrongTitle: 'This copy belongs to another title.',
  countOrNumbers: 'Give either a count or accession numbers, not both.',
  acquiredInFuture: 'The acquisition date cannot be in the future.',
  acquiredTooEarly: 'Enter an acquisition date from 1900 on.',
  /** Lowering a title's total below what the shelf can give up. */
  shelfTooShort: (onShelf: number, away: number): string =>
    onShelf === 0
      ? `No copy is on the shelf; ${away} ${away === 1 ? 'is' : 'are'} out, held or damaged. The total cannot go down now.`
      : `Only ${onShelf} ${onShelf === 1 ? 'copy is' : 'copies are'} on the shelf; ${away} ${away === 1 ? 'is' : 'are'} out, held or damaged. The total can go down by at most ${onShelf}.`,
} as const;

/** Longest text of a copy's fields (characters); the reason of a status change too. */
export const COPY_TEXT_LIMITS = { callNumber: 50, shelfLocation: 100, conditionNote: 500, reason: 200 } as const;

/** The earliest acquisition date a copy may have. */
export const EARLIEST_ACQUISITION = '1900-01-01';

/** Copies one call may add or list at once. */
export const COPIES_PER_CALL = 500;

/** Where a copy came from. */
export const COPY_SOURCES = ['PURCHASE', 'DONATION', 'GIFT', 'EXCHANGE', 'OTHER'] as const;
export type CopySource = (typeof COPY_SOURCES)[number];

export const COPY_SOURCE_LABELS: Readonly<Record<CopySource, string>> = {
  PURCHASE: 'Purchase',
  DONATION: 'Donation',
  GIFT: 'Gift',
  EXCHANGE: 'Exchange',
  OTHER: 'Other',
};

/** Bounds of the accession number settings and of any accession number or barcode typed. */
export const ACCESSION_LIMITS = { prefixMax: 12, digitsMin: 1, digitsMax: 12, codeMax: 40 } as const;

/** The characters an accession number or a barcode may hold: printable, no spaces (a scanner types them). */
export const ACCESSION_PATTERN = /^[A-Za-z0-9./_-]+$/;

/** The library's n-th accession number: the prefix, then n zero-padded to `digits`. */
export function formatAccession(prefix: string, n: number, digits: number): string {
  return `${prefix}${String(n).padStart(digits, '0')}`;
}

/** A sheet of spine labels: A4, `columns` × `rows` labels of `widthMm` × `heightMm`. */
export interface LabelSheet {
  id: string;
  name: string;
  columns: number;
  rows: number;
  widthMm: number;
  heightMm: number;
  /** Page margins and the gaps between labels, in mm. */
  marginTopMm: number;
  marginLeftMm: number;
  gapXMm: number;
  gapYMm: number;
}

/** Common A4 label sheets; the library picks one in Book Settings (`label_sheet`). */
export const LABEL_SHEETS: readonly LabelSheet[] = [
  { id: '3x8', name: 'A4, 3 × 8 labels (70 × 37 mm)', columns: 3, rows: 8, widthMm: 70, heightMm: 37, marginTopMm: 0.5, marginLeftMm: 0, gapXMm: 0, gapYMm: 0 },
  { id: '3x7', name: 'A4, 3 × 7 labels (63.5 × 38.1 mm)', columns: 3, rows: 7, widthMm: 63.5, heightMm: 38.1, marginTopMm: 15.15, marginLeftMm: 7.2, gapXMm: 2.5, gapYMm: 0 },
  { id: '4x10', name: 'A4, 4 × 10 labels (48.5 × 25.4 mm)', columns: 4, rows: 10, widthMm: 48.5, heightMm: 25.4, marginTopMm: 21.5, marginLeftMm: 8, gapXMm: 0, gapYMm: 0 },
  { id: '5x13', name: 'A4, 5 × 13 labels (38.1 × 21.2 mm)', columns: 5, rows: 13, widthMm: 38.1, heightMm: 21.2, marginTopMm: 10.7, marginLeftMm: 4.7, gapXMm: 2.5, gapYMm: 0 },
];

export const DEFAULT_LABEL_SHEET = '3x8';

/** The layout with this id, or the default one. */
export const labelSheet = (id: string | null | undefined): LabelSheet => LABEL_SHEETS.find((sheet) => sheet.id === id) ?? LABEL_SHEETS[0]!;

/** Member cards: ID-1 size, eight or ten to an A4 sheet. */
export const MEMBER_CARD = { widthMm: 85.6, heightMm: 54, perSheet: [8, 10] as const } as const;

/**
 * What a stock verification scan can answer: the copy was expected and is found, is recorded as
 * out (on loan, held for pickup), belongs to another department, category or shelf, has left the
 * stock (withdrawn or lost), is unknown, was already scanned, or was missing and is back.
 */
export const SCAN_RESULTS = ['FOUND', 'ON_LOAN', 'HELD', 'NOT_EXPECTED', 'WITHDRAWN', 'UNKNOWN', 'ALREADY_SCANNED', 'FOUND_MISSING'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/** The words a scan's answer carries (`message`) for each result. */
export const SCAN_MESSAGES: Readonly<Record<ScanResult, string>> = {
  FOUND: 'Found: expected here.',
  ON_LOAN: 'On loan: this copy should be out with a member.',
  HELD: 'Held for pickup: this copy should be on the holds shelf.',
  NOT_EXPECTED: 'Not expected here: this copy belongs to another department, category or shelf.',
  WITHDRAWN: 'Withdrawn or lost: this copy is no longer in stock.',
  UNKNOWN: 'Unknown: no copy has this barcode or accession number.',
  ALREADY_SCANNED: 'Already scanned in this verification.',
  FOUND_MISSING: 'Found: this copy was missing and is available again.',
};

/** A verification report's groups: expected on the shelf and not seen, seen though recorded as out, scanned but not expected. */
export const STOCK_REPORT_GROUPS = ['not_seen', 'seen_away', 'unexpected'] as const;
export type StockReportGroup = (typeof STOCK_REPORT_GROUPS)[number];
