import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { createBook, createFine, fineState, isDefaulter } from './support/fines.js';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  for (const [username, role] of [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER'], ['other', 'MEMBER']] as const) {
    id[username] = (await createUser(t.db, { username, role })).id;
    token[username] = (await signIn(t.app, username)).access;
  }
});

afterAll(async () => t.close());

const collect = (body: unknown, who = 'desk') => postJson(t.app, '/fines-viewset/collect/', body, bearer(token[who]!));

/** Two fines for a member: Rs. 300 (older) and Rs. 200 (newer); the newer one is created first so id order differs from date order. */
async function twoFines(member: number) {
  const newer = await createFine(t.db, member, await createBook(t.db, 'Newer Book'), 20000, '2026-03-10');
  const older = await createFine(t.db, member, await createBook(t.db, 'Older Book'), 30000, '2026-02-01');
  return { older, newer };
}

const auditCount = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number | string>().as('n')).where('action', '=', 'FINE_COLLECTED').executeTakeFirstOrThrow()).n);

describe('POST /fines-viewset/collect/', () => {
  test('spreads the discount first, then the cash, oldest fine first; numbers the receipt; keeps the defaulter flag while something remains', async () => {
    const member = (await createUser(t.db, { username: 'spread', role: 'MEMBER' })).id;
    const { older, newer } = await twoFines(member);
    const response = await collect({ member_id: member, issued_ids: [newer.loanId, older.loanId], collected_amount: '300.00', discount: '50', discount_reason: 'Long illness', full_payment: false });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Discount 50 goes to the older fine (300 → 250); cash 300 pays its 250, then 50 of the newer (200 → 150).
    expect(body).toMatchObject({ detail: 'Fines updated successfully.', member_id: member, full_payment: false, all_fully_paid_selected: false, remaining_total: '150.00' });
    expect(body.receipt_no).toMatch(/^R-\d{8}-\d{6}$/);
    expect(await fineState(t.db, older.fineId)).toEqual({ collected_amount: 25000, discount: 5000, remaining: 0 });
    expect(await fineState(t.db, newer.fineId)).toEqual({ collected_amount: 5000, discount: 0, remaining: 15000 });
    expect(await isDefaulter(t.db, member)).toBe(true);

    const receipt = (await t.app.inject({ url: `/fines/receipts/${body.receipt_no}/`, headers: bearer(token['desk']!) })).json();
    expect(receipt).toMatchObject({
      receipt_no: body.receipt_no,
      member: { id: member, username: 'spread' },
      collected_by: 'desk',
      cash: '300.00',
      discount: '50.00',
      discount_reason: 'Long illness',
      total: '350.00',
      lines: [
        { fine_id: older.fineId, loan_id: older.loanId, book_title: 'Older Book', amount: '300.00', cash: '250.00', discount: '50.00', remaining: '0.00' },
        { fine_id: newer.fineId, loan_id: newer.loanId, book_title: 'Newer Book', amount: '200.00', cash: '50.00', discount: '0.00', remaining: '150.00' },
      ],
    });

    // Full payment settles what remains (150.00 on the newer fine) and clears the flag.
    const full = await collect({ member_id: String(member), issued_ids: [newer.loanId, older.loanId], full_payment: true });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ full_payment: true, all_fully_paid_selected: true, remaining_total: '0.00' });
    expect(await fineState(t.db, newer.fineId)).toEqual({ collected_amount: 20000, discount: 0, remaining: 0 });
    expect(await isDefaulter(t.db, member)).toBe(false);
    const second = full.json().receipt_no as string;
    expect(Number(second.slice(-6))).toBeGreaterThan(Number((body.receipt_no as string).slice(-6)));

    // Both receipts, newest first; the second one's line shows the fine settled.
    const receipts = (await t.app.inject({ url: `/fines/user/${member}/receipts/`, headers: bearer(token['desk']!) })).json();
    expect(receipts.map((r: { receipt_no: string }) => r.receipt_no)).toEqual([second, body.receipt_no]);
    // Lines carry the charge's fee type and description too (the fine answers' common fields).
    expect(receipts[0].lines).toMatchObject([{ fine_id: newer.fineId, loan_id: newer.loanId, book_title: 'Newer Book', amount: '200.00', cash: '150.00', discount: '0.00', remaining: '0.00', fee_type: 'overdue' }]);

    // Nothing left on these fines now.
    const again = await collect({ member_id: member, issued_ids: [older.loanId], full_payment: true });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'All specified fines are already fully paid or fully discounted.' });
  });

  test('full payment with a discount takes the discount first and the rest as cash; the flag stays while another fine remains', async () => {
    const member = (await createUser(t.db, { username: 'fullpay', role: 'MEMBER' })).id;
    const { older, newer } = await twoFines(member);
    const response = await collect({ member_id: member, issued_ids: [older.loanId], full_payment: true, discount: '20.50', discount_reason: 'Returned a lost copy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ all_fully_paid_selected: true, remaining_total: '0.00' });
    expect(await fineState(t.db, older.fineId)).toEqual({ collected_amount: 27950, discount: 2050, remaining: 0 });
    expect(await fineState(t.db, newer.fineId)).toEqual({ collected_amount: 0, discount: 0, remaining: 20000 });
    expect(await isDefaulter(t.db, member)).toBe(true);
    const audit = await t.db.selectFrom('audit_log').select(['user_id', 'entity_id', 'after']).where('action', '=', 'FINE_COLLECTED').where('entity_id', '=', String(member)).executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(id['desk']);
    expect(JSON.parse(audit.after!)).toMatchObject({ cash: 27950, discount: 2050, discount_reason: 'Returned a lost copy' });
  });

  test('refusals write nothing: more than owed, a discount without a reason, unknown member or loans, nothing to record', async () => {
    const member = (await createUser(t.db, { username: 'refused', role: 'MEMBER' })).id;
    const { older, newer } = await twoFines(member);
    const before = await auditCount();
    const cases: [unknown, number, unknown][] = [
      [{ member_id: member, issued_ids: [older.loanId, newer.loanId], collected_amount: '450', discount: '60', discount_reason: 'x' }, 400, { non_field_errors: ['Rs. 510.00 is more than the Rs. 500.00 owed on these fines.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: '200.01' }, 400, { non_field_errors: ['Rs. 200.01 is more than the Rs. 200.00 owed on these fines.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], full_payment: true, discount: '250', discount_reason: 'x' }, 400, { non_field_errors: ['Rs. 250.00 is more than the Rs. 200.00 owed on these fines.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: '10', discount: '5' }, 400, { discount_reason: ['Give a reason for the discount.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: '10', discount: '5', discount_reason: '   ' }, 400, { discount_reason: ['Give a reason for the discount.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: '0' }, 400, { non_field_errors: ['Enter the amount received or a discount.'] }],
      [{ member_id: id['desk'], issued_ids: [newer.loanId], collected_amount: '1' }, 404, { detail: 'Member not found' }],
      [{ member_id: 999999, issued_ids: [newer.loanId], collected_amount: '1' }, 404, { detail: 'Member not found' }],
      [{ member_id: id['other'], issued_ids: [newer.loanId], collected_amount: '1' }, 404, { detail: 'No fines found for given issued_ids' }],
      [{ member_id: member, issued_ids: [999999], collected_amount: '1' }, 404, { detail: 'No fines found for given issued_ids' }],
      [{ issued_ids: [newer.loanId], collected_amount: '1' }, 400, { detail: 'member_id is required' }],
      [{ member_id: member, collected_amount: '1' }, 400, { detail: 'issued_ids list is required' }],
      [{ member_id: member, issued_ids: [], collected_amount: '1' }, 400, { detail: 'issued_ids list is required' }],
    ];
    for (const [body, status, answer] of cases) {
      const response = await collect(body);
      expect({ body, status: response.statusCode, answer: response.json() }).toEqual({ body, status, answer });
    }
    expect(await fineState(t.db, older.fineId)).toEqual({ collected_amount: 0, discount: 0, remaining: 30000 });
    expect(await fineState(t.db, newer.fineId)).toEqual({ collected_amount: 0, discount: 0, remaining: 20000 });
    expect(await auditCount()).toBe(before);
    expect(await t.db.selectFrom('fine_receipts').select('id').where('member_id', '=', member).execute()).toEqual([]);
  });

  test('hostile bodies get a 400 naming the field, never a 500, and write nothing', async () => {
    const member = (await createUser(t.db, { username: 'hostile', role: 'MEMBER' })).id;
    const { newer } = await twoFines(member);
    const before = await auditCount();
    const cases: [unknown, Record<string, unknown>][] = [
      [[1, 2], { non_field_errors: ['Invalid data. Expected a dictionary.'] }],
      ['text', { non_field_errors: ['Invalid data. Expected a dictionary.'] }],
      [{ member_id: member, issued_ids: 'all', collected_amount: '1' }, { detail: 'issued_ids list is required' }],
      [{ member_id: member, issued_ids: Array.from({ length: 1001 }, (_, i) => i + 1), collected_amount: '1' }, { issued_ids: ['Ensure this list has no more than 1000 elements.'] }],
      [{ member_id: member, issued_ids: [newer.loanId, -1], collected_amount: '1' }, { issued_ids: ['A valid integer is required.'] }],
      [{ member_id: member, issued_ids: [{ $gt: 0 }], collected_amount: '1' }, { issued_ids: ['A valid integer is required.'] }],
      [{ member_id: member, issued_ids: [1e20], collected_amount: '1' }, { issued_ids: ['A valid integer is required.'] }],
      [{ member_id: { id: 1 }, issued_ids: [newer.loanId], collected_amount: '1' }, { member_id: ['A valid integer is required.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: '1.234' }, { collected_amount: ['Ensure that there are no more than 2 decimal places.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: 10.005 }, { collected_amount: ['Ensure that there are no more than 2 decimal places.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], discount: '10.005', discount_reason: 'Kind' }, { discount: ['Ensure that there are no more than 2 decimal places.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: '-5' }, { collected_amount: ['Cannot be negative'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: '9'.repeat(400) }, { collected_amount: ['Enter an amount of 0 or more, with at most 2 decimals.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: ['1'] }, { collected_amount: ['Enter an amount of 0 or more, with at most 2 decimals.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], collected_amount: 'NaN' }, { collected_amount: ['Enter an amount of 0 or more, with at most 2 decimals.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], full_payment: 'yes' }, { full_payment: ['Must be a valid boolean.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], discount: '1', discount_reason: 7 }, { discount_reason: ['Not a valid string.'] }],
      [{ member_id: member, issued_ids: [newer.loanId], discount: '1', discount_reason: 'r'.repeat(256) }, { discount_reason: ['Ensure this field has no more than 255 characters.'] }],
    ];
    for (const [body, answer] of cases) {
      const response = await collect(body);
      expect({ body: JSON.stringify(body).slice(0, 80), status: response.statusCode, answer: response.json() }).toEqual({ body: JSON.stringify(body).slice(0, 80), status: 400, answer });
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/fines-viewset/collect/', payload: '{"member_id":', headers: { 'content-type': 'application/json', ...bearer(token['desk']!) } });
    expect(malformed.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
    expect(await fineState(t.db, newer.fineId)).toEqual({ collected_amount: 0, discount: 0, remaining: 20000 });
  });

  test('only holders of change_fine collect: signed out 401, a member 403', async () => {
    const member = (await createUser(t.db, { username: 'perm', role: 'MEMBER' })).id;
    const { newer } = await twoFines(member);
    const body = { member_id: member, issued_ids: [newer.loanId], collected_amount: '1' };
    expect((await postJson(t.app, '/fines-viewset/collect/', body)).statusCode).toBe(401);
    expect((await collect(body, 'reader')).statusCode).toBe(403);
    expect((await collect(body, 'admin')).statusCode).toBe(200);
  });

  test('two desks collecting the last rupees at once: one succeeds, the other is refused, nothing is paid twice', async () => {
    const member = (await createUser(t.db, { username: 'race', role: 'MEMBER' })).id;
    const { newer } = await twoFines(member);
    const body = { member_id: member, issued_ids: [newer.loanId], collected_amount: '200' };
    const answers = await Promise.all([collect(body), collect(body, 'admin')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await fineState(t.db, newer.fineId)).toEqual({ collected_amount: 20000, discount: 0, remaining: 0 });
  });
});
