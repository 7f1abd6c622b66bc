/**
 * A member's reservations as the staff view of his record reads them: his ready holds and his
 * waiting reservations under `status=active`, to a holder of view_bookreservation.
 */
import { expect, test } from 'vitest';
import { actor, addBook, desk, t, useDeskApp } from './support/circulation.js';
import { act, read, reserved } from './support/reservations.js';

useDeskApp();

test('a member with two ready holds has both among his active reservations, held first', async () => {
  const who = await actor(t, 'byMember.reader');
  const [first, second] = [await addBook(t, 'By Member One', 1), await addBook(t, 'By Member Two', 1)];
  const held = [await reserved(t, desk, { book: first, member: who.id }), await reserved(t, desk, { book: second, member: who.id })];
  for (const id of held) expect((await act(t, desk, id, 'fulfill')).statusCode).toBe(200);
  const answer = await read(t, desk, `/books/reservations/by-member/${who.id}/?status=active`);
  expect(answer.statusCode).toBe(200);
  expect((answer.json() as { id: number; status: string }[]).map((r) => [r.id, r.status]).sort()).toEqual(held.map((id) => [id, 'FULFILLED']).sort());
});
