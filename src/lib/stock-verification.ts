/**
 * The rules of the stock verification screens. A scan's answer is shown by its word, an icon and a
 * tone together, so it reads without sound and without colour alone. The counts the desk watches
 * are expected, seen, not seen and unexpected; the report has three groups of copies (not seen,
 * seen but away, unexpected) and the shelves. Also here: the new session form's rule and body, and
 * how a failed call is worded. Pure: no store, no DOM.
 */
import { errorMessage, errorStatus } from './error-reading';
import { withControlCharacterErrors, type FieldErrors } from './forms';
import type { ScanResultKind, StockCounts, StockSession } from './schemas/stock-verification';

/** How a cue looks: its colour family. Every tone also has its own icon and word. */
export type CueTone = 'success' | 'warning' | 'danger' | 'neutral';
/** The icon drawn beside the word. */
export type CueIcon = 'check' | 'alert' | 'cross' | 'info';

export interface ScanCue {
  /** The word read first ("Found", "Unknown"). */
  word: string;
  /** What the desk should do or know, one sentence. */
  hint: string;
  tone: CueTone;
  icon: CueIcon;
}

/** Each kind of scan answer as the desk sees it. */
export const SCAN_CUES: Record<ScanResultKind, ScanCue> = {
  FOUND: { word: 'Found', hint: 'Expected on this shelf.', tone: 'success', icon: 'check' },
  FOUND_MISSING: { word: 'Found — was missing', hint: 'It was marked missing; it is available again.', tone: 'success', icon: 'check' },
  ON_LOAN: { word: 'On loan — should be away', hint: 'The copy is lent out; put it aside for the desk.', tone: 'warning', icon: 'alert' },
  HELD: { word: 'Held', hint: 'Held for a member’s pickup; put it aside for the desk.', tone: 'warning', icon: 'alert' },
  NOT_EXPECTED: { word: 'Not expected here', hint: 'A copy of another department, category or shelf.', tone: 'warning', icon: 'alert' },
  WITHDRAWN: { word: 'Withdrawn', hint: 'Withdrawn or lost; it should not be on the shelf.', tone: 'danger', icon: 'cross' },
  UNKNOWN: { word: 'Unknown', hint: 'No copy has this barcode.', tone: 'danger', icon: 'cross' },
  ALREADY_SCANNED: { word: 'Already scanned', hint: 'Counted once already in this session.', tone: 'neutral', icon: 'info' },
};

/** The cue of a scan that could not be sent (network, refused). */
export const FAILED_CUE: ScanCue = { word: 'Not recorded', hint: 'Scan it again.', tone: 'danger', icon: 'cross' };

/** The cue of a scan still on its way. */
export const PENDING_CUE: ScanCue = { word: 'Checking…', hint: '', tone: 'neutral', icon: 'info' };

/** The cue for a result. */
export const scanCue = (result: ScanResultKind): ScanCue => SCAN_CUES[result];

/** One running count the desk watches. */
export interface CountFigure {
  key: 'expected' | 'seen' | 'not_seen' | 'unexpected';
  label: string;
  value: number;
}

/** The four running counts, in the order the desk reads them. */
export function countFigures(counts: StockCounts): CountFigure[] {
  return [
    { key: 'expected', label: 'Expected', value: counts.expected },
    { key: 'seen', label: 'Seen', value: counts.seen },
    { key: 'not_seen', label: 'Not seen', value: counts.not_seen },
    { key: 'unexpected', label: 'Unexpected', value: counts.unexpected },
  ];
}

/** How far the session is: seen of expected, as a whole percentage (0 when nothing is expected). */
export function progressPercent(counts: StockCounts): number {
  if (counts.expected <= 0) return 0;
  return Math.min(100, Math.floor((counts.seen * 100) / counts.expected));
}

/** The report's groups of copies, as the server names them. */
export const REPORT_GROUPS = ['not_seen', 'seen_away', 'unexpected'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** Each group's title and what it holds. */
export const REPORT_GROUP_TEXT: Record<ReportGroup, { title: string; description: string; empty: string }> = {
  not_seen: { title: 'Not seen', description: 'Copies expected on the shelf that no scan found.', empty: 'Every copy expected on the shelf was seen.' },
  seen_away: { title: 'Seen but away', description: 'Copies on loan or held that were scanned on the shelf.', empty: 'No copy that should be away was scanned.' },
  unexpected: { title: 'Unexpected', description: 'Scans of copies this session did not expect, withdrawn copies and unknown barcodes.', empty: 'No unexpected scans.' },
};

/** The sessions' statuses in words. */
export const SESSION_STATUS_TEXT: Record<StockSession['status'], string> = { OPEN: 'Open', CLOSED: 'Closed' };

/** The session's filters in words ("All copies" when it has none). */
export function filtersText(filters: StockSession['filters']): string {
  const parts = [
    filters.department ? `Department: ${filters.department.name}` : null,
    filters.category ? `Category: ${filters.category.name}` : null,
    filters.shelf ? `Shelf: ${filters.shelf}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : 'All copies';
}

/** How many copies "Mark missing" would change: expected on the shelf and not seen. */
export const missingCandidates = (counts: StockCounts): number => counts.not_seen;

/** The mark-missing button's words. */
export const markMissingLabel = (n: number): string => `Mark ${n} ${n === 1 ? 'copy' : 'copies'} missing`;

/** Whether marking missing is still to do: closed, not marked yet, something unseen. */
export const canMarkMissing = (session: StockSession): boolean =>
  session.status === 'CLOSED' && !session.missing_marked_at && missingCandidates(session.counts) > 0;

/* ---------- The new session form ---------- */

/** The longest session name the server keeps. */
export const SESSION_NAME_MAX = 100;

export type NewSessionValues = { name: string; department: string; category: string; shelf: string };
export type NewSessionField = keyof NewSessionValues;
export const NEW_SESSION_FIELDS: readonly NewSessionField[] = ['name', 'department', 'category', 'shelf'];
export const EMPTY_NEW_SESSION: NewSessionValues = { name: '', department: '', category: '', shelf: '' };

export const STOCK_MESSAGES = {
  nameRequired: 'Name the verification, e.g. “Annual stock 2026 — Science”.',
  nameTooLong: `Use at most ${SESSION_NAME_MAX} characters.`,
  openFailed: 'The verification could not be opened.',
  loadFailed: 'The verification could not be loaded.',
  listFailed: 'The verifications could not be loaded.',
  notFound: 'This verification does not exist.',
  noId: 'No verification is named in the address. Open one from the list.',
  closeFailed: 'The verification could not be closed.',
  closed: 'This verification is closed; scans are no longer taken.',
  reportFailed: 'The report could not be loaded.',
  exportFailed: 'The CSV export failed. Please try again.',
  markFailed: 'The copies could not be marked missing.',
  scanFailed: 'The scan was not recorded.',
} as const;

/** Checks the form: a name of 1–100 characters; the filters are optional. */
export function validateNewSession(values: NewSessionValues): FieldErrors<NewSessionField> {
  const name = values.name.trim();
  const errors: FieldErrors<NewSessionField> = {};
  if (!name) errors.name = STOCK_MESSAGES.nameRequired;
  else if (name.length > SESSION_NAME_MAX) errors.name = STOCK_MESSAGES.nameTooLong;
  return withControlCharacterErrors(errors, values);
}

/** What opening a session sends: the name, and only the filters chosen. */
export interface NewSessionBody {
  name: string;
  department?: number;
  category?: number;
  shelf?: string;
}

/** The form's values as the request body. */
export function newSessionBody(values: NewSessionValues): NewSessionBody {
  const body: NewSessionBody = { name: values.name.trim() };
  if (values.department) body.department = Number(values.department);
  if (values.category) body.category = Number(values.category);
  const shelf = values.shelf.trim();
  if (shelf) body.shelf = shelf;
  return body;
}

/** A failed call's words: the server's detail or first reason, else the given fallback (404: the session is gone). */
export function stockErrorMessage(error: unknown, fallback: string): string {
  if (errorStatus(error) === 404) return STOCK_MESSAGES.notFound;
  return errorMessage(error, ['detail', 'non_field_errors', 'barcode', 'name', 'transport'], fallback);
}

/** The session id in a page address (`?id=12`), or null when there is none or it is not an id. */
export function sessionIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('id')?.trim() ?? '';
  return /^[1-9]\d{0,14}$/.test(id) ? id : null;
}

/** The report's CSV file name when the server names none. */
export const reportFileName = (sessionId: string | number, group: ReportGroup): string => `stock-verification-${sessionId}-${group.replace('_', '-')}.csv`;
