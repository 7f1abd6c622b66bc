/**
 * A receipt's figures per fine: its amount, what earlier receipts (and a cancellation) took off,
 * this payment and what remained after it; the same figures whenever it is read again, the
 * collector by name, and a member reading only his own receipts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { cancelCharge, refundCharge } from '../../server/src/modules/fines/ledger.js';
import { receiptByNumber } from '../../server/src/modules/fines/queries.js';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { createBook, createFine } from './support/fines.js';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const [username, role] of [['desk', 'MANAGER'], ['nameless', 'MANAGER'], ['amira', 'MEMBER'], ['bilal', 'MEMBER']] as const) {
    id[username] = (await createUser(t.db, { username, role })).id;
    token[username] = (await signIn(t.app, username)).access;
  }
  await t.db.updateTable('users').set({ first_name: 'Dina', last_name: 'Desk' }).where('id', '=', id['desk']!).execute();
  await t.db.updateTable('users').set({ first_name: '', last_name: '' }).where('id', '=', id['nameless']!).execute();
});

afterAll(async () => t.close());

const collect = (body: Record<string, unknown>, who: string) => postJson(t.app, '/fines-viewset/collect/', { discount: '0', full_payment: false, ...body }, bearer(token[who]!));
const receipt = async (receiptNo: string, who = 'desk') => {
  const response = await t.app.inject({ url: `/fines/receipts/${receiptNo}/`, headers: bearer(token[who]!) });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('a fine paid in two parts with a discount', () => {
  let first = '';
  let second = '';
  let fineId = 0;
  let secondAnswer: Record<string, unknown> = {};

  beforeAll(async () => {
    const fine = await createFine(t.db, id['amira']!, await createBook(t.db, 'Moby-Dick'), 7000, '2026-02-02');
    fineId = fine.fineId;
    const one = await collect({ member_id: id['amira'], fine_ids: [fineId], issued_ids: [fine.loanId], collected_amount: '20.00', discount: '10.00', discount_reason: 'First time late' }, 'desk');
    expect(one.statusCode).toBe(200);
    first = one.json().receipt_no;
    const two = await collect({ member_id: id['amira'], fine_ids: [fineId], issued_ids: [fine.loanId], collected_amount: '25.00' }, 'nameless');
    expect(two.statusCode).toBe(200);
    secondAnswer = two.json();
    second = two.json().receipt_no;
  });

  test('the second receipt shows the earlier 30 (paid 20, discount 10), this 25 and the 15 remaining', async () => {
    const body = await receipt(second);
    expect(body).toMatchObject({ kind: 'PAYMENT', cash: '25.00', discount: '0.00', total: '25.00', owed_before: '40.00', remaining: '15.00' });
    expect(body.lines).toEqual([
      expect.objectContaining({
        fine_id: fineId, book_title: 'Moby-Dick', amount: '70.00',
        paid_before: '20.00', discount_before: '10.00', cancelled_before: '0.00', owed_before: '40.00',
        cash: '25.00', discount: '0.00', remaining: '15.00',
      }),
    ]);
  });

  test('the collection answers its receipt with the same figures', () => {
    expect(secondAnswer).toMatchObject({ receipt_no: second, remaining_total: '15.00', receipt: { receipt_no: second, lines: [{ fine_id: fineId, owed_before: '40.00', cash: '25.00', remaining: '15.00' }] } });
  });

  test('the first receipt, reprinted after the second and after a cancellation, still shows its own figures', async () => {
    const cancelled = await postJson(t.app, `/fines/${fineId}/cancel/`, { reason: 'Hardship' }, bearer(token['desk']!));
    expect(cancelled.statusCode).toBe(200);
    const body = await receipt(first);
    expect(body).toMatchObject({ cash: '20.00', discount: '10.00', discount_reason: 'First time late', owed_before: '70.00', remaining: '40.00' });
    expect(body.lines[0]).toMatchObject({ amount: '70.00', paid_before: '0.00', discount_before: '0.00', cancelled_before: '0.00', owed_before: '70.00', cash: '20.00', discount: '10.00', remaining: '40.00' });
    expect((await receipt(second)).lines[0]).toMatchObject({ paid_before: '20.00', discount_before: '10.00', cancelled_before: '0.00', owed_before: '40.00', remaining: '15.00' });
    // The member's list of receipts tells the same figures.
    const list = (await t.app.inject({ url: `/fines/user/${id['amira']}/receipts/`, headers: bearer(token['amira']!) })).json();
    expect(list.map((r: { receipt_no: string; lines: { owed_before: string; remaining: string }[] }) => [r.receipt_no, r.lines[0]!.owed_before, r.lines[0]!.remaining])).toEqual([
      [second, '40.00', '15.00'],
      [first, '70.00', '40.00'],
    ]);
  });

  test('"Collected by" names the staff member in full, else by his username', async () => {
    expect(await receipt(first)).toMatchObject({ collected_by: 'desk', collected_by_name: 'Dina Desk' });
    expect(await receipt(second)).toMatchObject({ collected_by: 'nameless', collected_by_name: 'nameless' });
  });

  test('the member reads his own receipts; another member hears 404 and his list is his own', async () => {
    expect((await receipt(first, 'amira')).receipt_no).toBe(first);
    expect((await t.app.inject({ url: `/fines/receipts/${first}/`, headers: bearer(token['bilal']!) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/fines/user/${id['amira']}/receipts/`, headers: bearer(token['bilal']!) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/fines/receipts/${first}/` })).statusCode).toBe(401);
  });
});

test('a refund receipt: the earlier payment and the cancellation before it, the cash handed back, nothing remaining', async () => {
  const member = (await createUser(t.db, { username: 'cara', role: 'MEMBER' })).id;
  const fine = await createFine(t.db, member, await createBook(t.db, 'Ulysses'), 7000, '2026-03-03');
  const paid = await collect({ member_id: member, fine_ids: [fine.fineId], issued_ids: [fine.loanId], collected_amount: '30.00' }, 'desk');
  const refund = await t.db.transaction().execute(async (trx) => {
    expect(await cancelCharge(trx, fine.fineId, id['desk']!, 'The lost copy was found.')).toBe(4000);
    return refundCharge(trx, fine.fineId, member, id['desk']!);
  });
  const body = await receipt(refund!.receiptNo);
  expect(body).toMatchObject({ kind: 'REFUND', cash: '-30.00', owed_before: '0.00', remaining: '0.00', collected_by_name: 'Dina Desk' });
  expect(body.lines[0]).toMatchObject({ amount: '70.00', paid_before: '30.00', discount_before: '0.00', cancelled_before: '40.00', owed_before: '0.00', cash: '-30.00', remaining: '0.00' });
  // The payment's own receipt still reads as it was written.
  expect((await receipt(paid.json().receipt_no)).lines[0]).toMatchObject({ owed_before: '70.00', cash: '30.00', cancelled_before: '0.00', remaining: '40.00' });
});

test('a receipt is read in the same few queries whether it has one line or many', async () => {
  const member = (await createUser(t.db, { username: 'dev', role: 'MEMBER' })).id;
  const fines = [];
  for (const [title, day] of [['Dune', '2026-01-01'], ['Kim', '2026-01-02'], ['Nana', '2026-01-03'], ['Odd', '2026-01-04']] as const) {
    fines.push(await createFine(t.db, member, await createBook(t.db, title), 1000, day));
  }
  const one = (await collect({ member_id: member, fine_ids: [fines[0]!.fineId], issued_ids: [fines[0]!.loanId], collected_amount: '10.00' }, 'desk')).json().receipt_no;
  const rest = fines.slice(1);
  const many = (await collect({ member_id: member, fine_ids: rest.map((f) => f.fineId), issued_ids: rest.map((f) => f.loanId), collected_amount: '30.00' }, 'desk')).json().receipt_no;
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const counted = t.db.withPlugin(counter);
  queries = 0;
  expect((await receiptByNumber(counted, one))?.lines).toHaveLength(1);
  const forOne = queries;
  queries = 0;
  expect((await receiptByNumber(counted, many))?.lines).toHaveLength(3);
  expect(queries).toBe(forOne);
  expect(forOne).toBeLessThanOrEqual(3);
});
