/**
 * The bodies of the charge calls, read without a server: a manual charge, a cancellation, a loan
 * marked lost and a damaged copy's charge. Each refusal names its field with the shared wording
 * (`CHARGE_MESSAGES`, the amount rules), so the service only ever sees an amount above 0 with at
 * most two decimals, a manual fee type and one line of text within `FEE_LIMITS`.
 */
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../../server/src/errors.js';
import { parseCancelBody, parseChargeBody } from '../../../server/src/modules/fines/schemas.js';
import { parseDamageBody, parseLostBody } from '../../../server/src/modules/circulation/schemas.js';
import { CHARGE_MESSAGES, FEE_LIMITS } from '#shared/fee-types';
import { AMOUNT_MESSAGES } from '#shared/money';
import { COLLECT_MESSAGES } from '#shared/collect-messages';

/** The field errors a reader throws, or its value. */
function outcome<T>(read: () => T): { value: T } | { errors: Record<string, string[]> } {
  try {
    return { value: read() };
  } catch (error) {
    if (error instanceof ValidationError) return { errors: error.body as Record<string, string[]> };
    throw error;
  }
}

const CHARGE = { member: 7, fee_type: 'manual', amount: '25.50', note: ' Replacement card ' };

describe('parseChargeBody', () => {
  test('reads the amount in minor units and the note trimmed; loan and copy stay optional', () => {
    expect(parseChargeBody(CHARGE)).toEqual({ member: 7, feeType: 'manual', amount: 2550, note: 'Replacement card', loan: undefined, copy: undefined });
    expect(parseChargeBody({ ...CHARGE, fee_type: 'damage', amount: 40, loan: 3, copy: '9' })).toMatchObject({ feeType: 'damage', amount: 4000, loan: 3, copy: 9 });
  });

  test.each([
    ['amount 0', { amount: '0' }, { amount: [CHARGE_MESSAGES.amountZero] }],
    ['a negative amount', { amount: -1 }, { amount: [CHARGE_MESSAGES.amountZero] }],
    ['three decimals, never rounded', { amount: '0.005' }, { amount: [AMOUNT_MESSAGES.decimals] }],
    ['above the largest charge', { amount: (FEE_LIMITS.amountMax + 1) / 100 }, { amount: [`Ensure this value is less than or equal to ${FEE_LIMITS.amountMax / 100}.`] }],
    ['an amount that is not one', { amount: [1] }, { amount: [AMOUNT_MESSAGES.invalid] }],
    ['a fee type only returns and memberships write', { fee_type: 'membership' }, { fee_type: [CHARGE_MESSAGES.typeNotManual] }],
    ['a blank note', { note: '   ' }, { note: [CHARGE_MESSAGES.noteRequired] }],
    ['a null note', { note: null }, { note: [CHARGE_MESSAGES.noteRequired] }],
    ['a note too long', { note: 'n'.repeat(FEE_LIMITS.noteMax + 1) }, { note: [`Ensure this field has no more than ${FEE_LIMITS.noteMax} characters.`] }],
    ['a note of two lines', { note: 'a\nb' }, { note: [expect.any(String)] }],
    ['no member', { member: undefined }, { member: ['This field is required.'] }],
  ])('%s is refused on its field', (_name, change, errors) => {
    expect(outcome(() => parseChargeBody({ ...CHARGE, ...change }))).toEqual({ errors });
  });

  test('a body that is not an object is refused', () => {
    expect(outcome(() => parseChargeBody([CHARGE]))).toHaveProperty('errors');
  });
});

describe('parseCancelBody', () => {
  test.each([
    [{ reason: ' Charged by mistake ' }, { value: { reason: 'Charged by mistake' } }],
    [{ reason: '' }, { errors: { reason: [CHARGE_MESSAGES.reasonRequired] } }],
    [{}, { errors: { reason: ['This field is required.'] } }],
    [{ reason: 'r'.repeat(FEE_LIMITS.reasonMax + 1) }, { errors: { reason: [`Ensure this field has no more than ${FEE_LIMITS.reasonMax} characters.`] } }],
  ])('%j', (body, expected) => {
    expect(outcome(() => parseCancelBody(body))).toEqual(expected);
  });
});

describe('parseLostBody', () => {
  test.each([
    [undefined, { value: { collected: 0, discount: 0, discountReason: undefined, note: undefined } }],
    [{ collected: '10.50', note: 'Left on the bus' }, { value: { collected: 1050, discount: 0, discountReason: undefined, note: 'Left on the bus' } }],
    [{ collected: '-1' }, { errors: { collected: [AMOUNT_MESSAGES.negative] } }],
    [{ discount: '5' }, { errors: { discount_reason: [COLLECT_MESSAGES.discountReasonRequired] } }],
    [{ discount: '5', discount_reason: 'Hardship' }, { value: { collected: 0, discount: 500, discountReason: 'Hardship', note: undefined } }],
  ])('%j', (body, expected) => {
    expect(outcome(() => parseLostBody(body))).toEqual(expected);
  });
});

describe('parseDamageBody', () => {
  test.each([
    [{ amount: '120', note: 'Water damage' }, { value: { amount: 12000, note: 'Water damage', markDamaged: true } }],
    [{ amount: '120', note: 'Water damage', mark_damaged: false }, { value: { amount: 12000, note: 'Water damage', markDamaged: false } }],
    [{ amount: '120', note: 'Water damage', mark_damaged: 'no' }, { errors: { mark_damaged: ['Must be a valid boolean.'] } }],
    [{ amount: '0', note: '' }, { errors: { amount: [CHARGE_MESSAGES.amountZero], note: [CHARGE_MESSAGES.noteRequired] } }],
  ])('%j', (body, expected) => {
    expect(outcome(() => parseDamageBody(body))).toEqual(expected);
  });
});
