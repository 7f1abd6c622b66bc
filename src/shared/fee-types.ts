/**
 * The fine ledger's fee types, one vocabulary for the server that writes charges and every screen
 * that shows them (receipts, the member's fines, the Fines page, the Financial Report) and for the
 * notices' wording. Amounts are integer minor units.
 */
import { AMOUNT_MESSAGES, formatMoney } from './money.js';

/** Every type a charge may have, in the order screens list them. */
export const FEE_TYPES = ['overdue', 'lost', 'processing', 'damage', 'membership', 'manual'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export const FEE_TYPE_LABELS: Readonly<Record<FeeType, string>> = {
  overdue: 'Overdue fine',
  lost: 'Lost copy',
  processing: 'Processing fee',
  damage: 'Damage',
  membership: 'Membership fee',
  manual: 'Other charge',
};

/** Whether a value names a fee type (a query string's `fee_type`). */
export const isFeeType = (value: unknown): value is FeeType => (FEE_TYPES as readonly unknown[]).includes(value);

/** A fee type in words; an unknown stored value is shown as it is. */
export const feeTypeLabel = (type: string): string => (isFeeType(type) ? FEE_TYPE_LABELS[type] : type);

/** The types staff may charge by hand (`POST /fines/charges/`); the others come from returns, lost copies and memberships. */
export const MANUAL_FEE_TYPES: readonly FeeType[] = ['manual', 'damage', 'processing'];

/** Bounds of what staff type with a charge or a cancellation. */
export const FEE_LIMITS = {
  /** The largest single charge: Rs 10,00,000.00. */
  amountMax: 100_000_000,
  noteMax: 200,
  reasonMax: 200,
} as const;

/** What a lost copy found again does to its charge: cancel what is still owed, or refund what was paid as well. */
export const LOST_FOUND_ACTIONS = ['CANCEL', 'REFUND'] as const;
export type LostFoundAction = (typeof LOST_FOUND_ACTIONS)[number];
export const LOST_FOUND_ACTION_LABELS: Readonly<Record<LostFoundAction, string>> = {
  CANCEL: 'Cancel what is still owed (payments are kept)',
  REFUND: 'Cancel what is owed and refund what was paid',
};

/** The facts a charge's description is written from. */
export interface ChargeFacts {
  feeType: string;
  bookTitle?: string | null | undefined;
  accessionNo?: string | null | undefined;
  note?: string | null | undefined;
  lateDays?: number | null | undefined;
}

/**
 * A charge in one sentence, for receipts, fines lists and notices: "Charge for the lost copy
 * ACC-00042 of Moby-Dick", "Overdue fine for Moby-Dick (3 days late)", "Membership fee".
 */
export function chargeDescription(facts: ChargeFacts): string {
  const title = facts.bookTitle ? `"${facts.bookTitle}"` : null;
  const copy = facts.accessionNo ? ` ${facts.accessionNo}` : '';
  const note = facts.note?.trim() ? `: ${facts.note.trim()}` : '';
  switch (facts.feeType) {
    case 'overdue': {
      const days = facts.lateDays ?? 0;
      const late = days > 0 ? ` (${days} ${days === 1 ? 'day' : 'days'} late)` : '';
      return title ? `Overdue fine for ${title}${late}` : `Overdue fine${late}`;
    }
    case 'lost':
      return title ? `Charge for the lost copy${copy} of ${title}` : `Charge for a lost copy${copy}`;
    case 'processing':
      return title ? `Processing fee for the lost copy${copy} of ${title}${note}` : `Processing fee${note}`;
    case 'damage':
      return title ? `Damage to the copy${copy} of ${title}${note}` : `Damage charge${note}`;
    case 'membership':
      return `Membership fee${note}`;
    case 'manual':
      return `Charge${note || (title ? ` for ${title}` : '')}`;
    default:
      return `${feeTypeLabel(facts.feeType)}${note}`;
  }
}

/** The messages of charges, cancellations and refunds (the server's and the dialogs' wording). */
export const CHARGE_MESSAGES = {
  amountZero: AMOUNT_MESSAGES.positive,
  typeNotManual: `Choose one of: ${MANUAL_FEE_TYPES.map((t) => FEE_TYPE_LABELS[t]).join(', ')}.`,
  reasonRequired: 'Give a reason.',
  noteRequired: 'Say what the charge is for.',
  alreadyCancelled: 'This charge is already cancelled.',
  nothingOwed: 'Nothing is owed on this charge any more; there is nothing to cancel.',
  notAllowed: 'You do not have permission to charge, cancel or refund fines.',
  loanNotOpen: 'This loan is not out any more.',
  cancelled: (amount: number) => `Cancelled ${formatMoney(amount)}.`,
} as const;
