/**
 * The copies on a book profile, pure: which status actions a copy offers (the shared manual
 * transitions decide; ON_LOAN and ON_HOLD are left to circulation and reservations), what each
 * sends, and the words of a copy's cells (who has it, who it is held for, where it came from).
 * The forms (add, edit, status change) live in `book-copies-forms.ts`, the history's words in
 * `book-copies-history.ts`.
 */
import { COPY_SOURCE_LABELS, COPY_STATUS_LABELS, REASON_REQUIRED, manualChangeAllowed, type CopyStatus } from '#shared/copies';
import { formatDate } from '#shared/dates';
import { formatAmount } from '#shared/money';
import { errorMessage, firstFieldError } from './error-reading';
import type { CopyMember, CopyView } from './schemas/copies';

/** A status change staff make by hand from a copy's row. */
export interface CopyStatusAction {
  id: 'withdraw' | 'damaged' | 'repaired' | 'lost' | 'missing' | 'found' | 'reinstate';
  /** The button's and the dialog's words. */
  label: string;
  to: CopyStatus;
  /** The statuses it starts from (within the shared manual transitions). */
  from: readonly CopyStatus[];
}

/** Every hand status action, in the order a row offers them. */
export const COPY_STATUS_ACTIONS: readonly CopyStatusAction[] = [
  {
    id: 'repaired',
    label: 'Mark repaired',
    to: 'AVAILABLE',
    from: ['DAMAGED'],
  },
  { id: 'found', label: 'Found', to: 'AVAILABLE', from: ['MISSING', 'LOST'] },
  // A copy withdrawn by mistake (or back from a long repair elsewhere) returns to the shelf.
  { id: 'reinstate', label: 'Reinstate', to: 'AVAILABLE', from: ['WITHDRAWN'] },
  { id: 'damaged', label: 'Mark damaged', to: 'DAMAGED', from: ['AVAILABLE'] },
  { id: 'missing', label: 'Mark missing', to: 'MISSING', from: ['AVAILABLE'] },
  {
    id: 'lost',
    label: 'Mark lost',
    to: 'LOST',
    from: ['AVAILABLE', 'DAMAGED', 'MISSING'],
  },
  {
    id: 'withdraw',
    label: 'Withdraw',
    to: 'WITHDRAWN',
    from: ['AVAILABLE', 'DAMAGED', 'MISSING', 'LOST'],
  },
];

/** The status actions a copy in this status offers: only those the shared transitions allow. */
export function statusActionsFor(status: CopyStatus): CopyStatusAction[] {
  return COPY_STATUS_ACTIONS.filter((action) => action.from.includes(status) && manualChangeAllowed(status, action.to));
}

/** Whether this action asks for a reason (the shared REASON_REQUIRED statuses). */
export const actionNeedsReason = (action: CopyStatusAction): boolean => REASON_REQUIRED.includes(action.to);

/**
 * What a copy's row offers to someone: editing and status changes need change_book; history is for
 * every staff reader; charging for damage needs change_fine, on a copy in hand, out, or already damaged.
 */
export interface CopyRowOffer {
  edit: boolean;
  statusActions: CopyStatusAction[];
  history: boolean;
  damage: boolean;
}

/** The statuses a damage charge is offered on. */
const DAMAGE_CHARGEABLE: readonly CopyView['status'][] = ['AVAILABLE', 'ON_LOAN', 'DAMAGED'];

/** The row's actions for the holder of these codes. */
export function copyRowOffer(copy: Pick<CopyView, 'status'>, can: { change: boolean; charge?: boolean }): CopyRowOffer {
  return {
    edit: can.change,
    statusActions: can.change ? statusActionsFor(copy.status) : [],
    history: true,
    damage: can.charge === true && DAMAGE_CHARGEABLE.includes(copy.status),
  };
}

/** A member as the copy rows name him: "Sana Khan (MBR-0042)". */
export function copyMemberName(member: CopyMember | null | undefined): string {
  if (!member) return '—';
  const name = member.full_name?.trim() || member.username || `#${member.id}`;
  return member.member_id ? `${name} (${member.member_id})` : name;
}

/** The words of a copy's status badge and its tone (words, never colour alone). */
export function copyStatusBadge(status: CopyStatus): {
  text: string;
  tone: 'success' | 'warning' | 'danger' | 'neutral';
} {
  const text = COPY_STATUS_LABELS[status];
  if (status === 'AVAILABLE') return { text, tone: 'success' };
  if (status === 'ON_LOAN' || status === 'ON_HOLD') return { text, tone: 'warning' };
  if (status === 'DAMAGED' || status === 'LOST' || status === 'MISSING') return { text, tone: 'danger' };
  return { text, tone: 'neutral' };
}

/** Whether the barcode is worth showing beside the accession number (it differs). */
export const barcodeDiffers = (copy: Pick<CopyView, 'barcode' | 'accession_no'>): boolean => Boolean(copy.barcode) && copy.barcode !== copy.accession_no;

/** Who has the copy: "Sana Khan (MBR-0042)" and "Due 15/11/2026", with whether it is overdue (marked in words); null when it is not out. */
export function copyLoanText(copy: Pick<CopyView, 'loan'>, dateFormat: string | null | undefined): { who: string; due: string; overdue: boolean } | null {
  if (!copy.loan) return null;
  return {
    who: copyMemberName(copy.loan.member),
    due: `Due ${formatDate(copy.loan.due_date, dateFormat) ?? copy.loan.due_date}`,
    overdue: copy.loan.overdue,
  };
}

/** Who the copy is held for and until when: "Held for Sana Khan (MBR-0042) until 20/11/2026"; null without a hold. */
export function copyHoldText(copy: Pick<CopyView, 'hold'>, dateFormat: string | null | undefined): string | null {
  if (!copy.hold) return null;
  const until = formatDate(copy.hold.hold_until, dateFormat);
  return `Held for ${copyMemberName(copy.hold.member)}${until ? ` until ${until}` : ''}`;
}

/** The acquisition line: "Purchase · 05/01/2026 · Rs. 120.00" (the price is the copy's own, else the book's, said so). */
export function copyAcquisitionText(
  copy: Pick<CopyView, 'source' | 'acquired_on' | 'price' | 'effective_price'>,
  dateFormat: string | null | undefined,
): string {
  const parts = [
    copy.source ? COPY_SOURCE_LABELS[copy.source] : null,
    formatDate(copy.acquired_on, dateFormat),
    copy.price ? formatAmount(copy.price) : copy.effective_price ? `${formatAmount(copy.effective_price)} (book's price)` : null,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' · ') : '—';
}

/** The status line under the badge: the reason of a hand change ("Spine broken"), with the withdrawal date. */
export function copyStatusDetail(copy: Pick<CopyView, 'status' | 'status_reason' | 'withdrawn_on'>, dateFormat: string | null | undefined): string | null {
  const withdrawn = copy.status === 'WITHDRAWN' ? formatDate(copy.withdrawn_on, dateFormat) : null;
  const parts = [withdrawn ? `on ${withdrawn}` : null, copy.status_reason?.trim() || null].filter(Boolean);
  return parts.length ? parts.join(': ') : null;
}

/** The copy calls' failure message: the server's detail, else a plain sentence. */
export const COPY_CALL_FAILED = {
  load: 'The copies could not be loaded.',
  save: 'The copy could not be saved.',
  add: 'The copies could not be added.',
  history: 'The history could not be loaded.',
} as const;

/**
 * The message of a failed copy call: the server's detail or non_field_errors, a network failure,
 * then the first field error (a refused status change names `status`, which no form shows as a
 * field), else the call's sentence.
 */
export const copyCallError = (failure: unknown, call: keyof typeof COPY_CALL_FAILED): string =>
  errorMessage(failure, ['detail', 'non_field_errors', 'transport'], '') || firstFieldError(failure, COPY_CALL_FAILED[call]);

/** Which copy dialog is open, on which copy: add, edit, a status change (the action chosen inside), a damage charge, or the history. */
export type CopyDialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; copy: CopyView }
  | { kind: 'status'; copy: CopyView }
  | { kind: 'damage'; copy: CopyView }
  | { kind: 'history'; copy: CopyView };

export const NO_COPY_DIALOG: CopyDialog = { kind: 'none' };

/** The copy a dialog is about, or null. */
export const dialogCopy = (dialog: CopyDialog): CopyView | null => ('copy' in dialog ? dialog.copy : null);
