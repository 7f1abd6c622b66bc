import { describe, expect, test } from 'vitest';
import {
  cancelBody,
  chargeBody,
  chargeState,
  EMPTY_CHARGE,
  fineDescription,
  fineTypeLabel,
  MANUAL_TYPE_OPTIONS,
  receiptLineText,
  receiptTitle,
  validateCancel,
  validateCharge,
  validateDamage,
  damageBody,
} from '../../../src/lib/collect-charges';
import type { FineRow, Receipt } from '../../../src/lib/schemas/fines';
import { CHARGE_MESSAGES } from '#shared/fee-types';

const row = (change: Partial<FineRow>): FineRow => ({
  id: 7,
  issued_book: 3,
  user_id: '12',
  username: 'asha',
  book_title: 'Moby-Dick',
  amount: '120.00',
  collected_amount: '0.00',
  discount: '0.00',
  remaining_fines: '120.00',
  collected: false,
  ...change,
});

describe('the Add a charge form', () => {
  test('offers only the types staff may charge by hand, in words', () => {
    expect(MANUAL_TYPE_OPTIONS).toEqual([
      { value: 'manual', label: 'Other charge' },
      { value: 'damage', label: 'Damage' },
      { value: 'processing', label: 'Processing fee' },
    ]);
  });

  test.each<[string, Partial<typeof EMPTY_CHARGE>, Record<string, string>]>([
    ['everything missing', {}, { member: 'Choose a member.', amount: 'Enter an amount greater than 0.', note: 'Say what the charge is for.' }],
    ['a zero amount', { member: '5', amount: '0', note: 'Torn page' }, { amount: 'Enter an amount greater than 0.' }],
    ['a negative amount', { member: '5', amount: '-3', note: 'Torn page' }, { amount: 'Enter an amount of 0 or more, with at most 2 decimals.' }],
    ['three decimals', { member: '5', amount: '1.234', note: 'Torn page' }, { amount: 'Ensure that there are no more than 2 decimal places.' }],
    ['over the ceiling', { member: '5', amount: '1000000.01', note: 'Torn page' }, { amount: 'Use at most 1000000.00.' }],
    ['a type not charged by hand', { member: '5', amount: '10', note: 'x', fee_type: 'overdue' }, { fee_type: 'Choose one of: Other charge, Damage, Processing fee.' }],
    ['a note too long', { member: '5', amount: '10', note: 'x'.repeat(201) }, { note: 'Use at most 200 characters.' }],
    ['a complete charge', { member: '5', amount: '1,250.5', note: ' Torn page ' }, {}],
  ])('%s', (_title, change, expected) => {
    expect(validateCharge({ ...EMPTY_CHARGE, ...change })).toEqual(expected);
  });

  test('sends the member as a number, the amount as a decimal string and the note trimmed', () => {
    expect(chargeBody({ ...EMPTY_CHARGE, member: '5', fee_type: 'damage', amount: '1,250.5', note: ' Torn page ' })).toEqual({
      member: 5,
      fee_type: 'damage',
      amount: '1250.50',
      note: 'Torn page',
    });
  });
});

describe('the Cancel charge form', () => {
  test('a reason is required and bounded; the body carries it trimmed', () => {
    expect(validateCancel({ reason: '  ' })).toEqual({ reason: 'Give a reason.' });
    expect(validateCancel({ reason: 'x'.repeat(201) })).toEqual({ reason: 'Use at most 200 characters.' });
    expect(validateCancel({ reason: ' Charged twice ' })).toEqual({});
    expect(cancelBody({ reason: ' Charged twice ' })).toEqual({ reason: 'Charged twice' });
  });
});

describe('a fine row in words', () => {
  test('names its type from the answer, else from the fee type, else as an overdue fine', () => {
    expect(fineTypeLabel(row({ fee_type: 'lost', fee_type_label: 'Lost copy' }))).toBe('Lost copy');
    expect(fineTypeLabel(row({ fee_type: 'damage' }))).toBe('Damage');
    expect(fineTypeLabel(row({}))).toBe('Overdue fine');
  });

  test('describes itself by the answer, else by the book', () => {
    expect(fineDescription(row({ description: 'Charge for the lost copy ACC-00042 of "Moby-Dick"' }))).toBe('Charge for the lost copy ACC-00042 of "Moby-Dick"');
    expect(fineDescription(row({ fee_type: 'membership', book_title: null }))).toBe('Membership fee');
    expect(fineDescription(row({}))).toBe('Overdue fine for "Moby-Dick"');
  });

  test('is open, paid, or cancelled (with the reason)', () => {
    expect(chargeState(row({}))).toEqual({ cancelled: false, text: 'Owed' });
    expect(chargeState(row({ remaining_fines: '0.00', collected_amount: '120.00' }))).toEqual({ cancelled: false, text: 'Paid' });
    expect(chargeState(row({ cancelled_at: '2026-11-27T10:00:00Z', cancel_reason: 'Charged twice', remaining_fines: '0.00' }))).toEqual({ cancelled: true, text: 'Cancelled', detail: 'Charged twice' });
  });
});

describe('receipt words', () => {
  const receipt = (kind: string | undefined): Receipt => ({
    receipt_no: 'R-20261127-000001',
    kind,
    created_at: '2026-11-27T10:00:00Z',
    member: { id: 12, username: 'asha' },
    cash: '-50.00',
    discount: '0.00',
    total: '-50.00',
    lines: [],
  });

  test('a refund receipt is titled Refund, a payment Fine receipt', () => {
    expect(receiptTitle(receipt('REFUND'))).toBe('Refund');
    expect(receiptTitle(receipt('PAYMENT'))).toBe('Fine receipt');
    expect(receiptTitle(receipt(undefined))).toBe('Fine receipt');
  });

  test("each line reads as the answer's description, else the book", () => {
    const line = { fine_id: 1, amount: '50.00', cash: '50.00', discount: '0.00', remaining: '0.00' };
    expect(receiptLineText({ ...line, description: 'Processing fee for the lost copy ACC-00042 of "Moby-Dick"', book_title: 'Moby-Dick' })).toBe(
      'Processing fee for the lost copy ACC-00042 of "Moby-Dick"',
    );
    expect(receiptLineText({ ...line, book_title: 'Moby-Dick' })).toBe('Moby-Dick');
    expect(receiptLineText({ ...line, fee_type: 'membership' })).toBe('Membership fee');
  });
});

describe('the damage charge form', () => {
  test('asks an amount greater than 0 and what is damaged; sends decimal strings and the mark flag', () => {
    expect(validateDamage({ amount: '', note: '', mark_damaged: 'yes' })).toEqual({ amount: CHARGE_MESSAGES.amountZero, note: CHARGE_MESSAGES.noteRequired });
    expect(validateDamage({ amount: '12.345', note: 'Torn', mark_damaged: '' }).amount).toBeDefined();
    expect(validateDamage({ amount: '150', note: ' Torn cover ', mark_damaged: 'yes' })).toEqual({});
    expect(damageBody({ amount: '150', note: ' Torn cover ', mark_damaged: 'yes' })).toEqual({ amount: '150.00', note: 'Torn cover', mark_damaged: true });
    expect(damageBody({ amount: '1,250.5', note: 'Spine', mark_damaged: '' })).toEqual({ amount: '1250.50', note: 'Spine', mark_damaged: false });
  });
});
