/**
 * Helpers of the copy API tests: the copy calls as requests, a title's copies straight from the
 * table, and a loan or a held reservation written directly against a copy (as circulation and
 * reservations would), so a copy's view and history can be read without the desk flows.
 */
import type { LightMyRequestResponse } from 'fastify';
import { moveCopy } from '../../../server/src/modules/copies/stock.js';
import { postJson, type TestApp } from './harness.js';
import type { Actor } from './circulation.js';

/** GET a path as the actor. */
export const read = (t: TestApp, by: Actor | undefined, url: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers: by?.headers ?? {} });

/** POST /books/books/{id}/copies/. */
export const addCopiesCall = (t: TestApp, by: Actor | undefined, bookId: number, body: unknown): Promise<LightMyRequestResponse> =>
  postJson(t.app, `/books/books/${bookId}/copies/`, body, by?.headers ?? {});

/** PATCH /books/copies/{id}/. */
export const patchCopy = (t: TestApp, by: Actor | undefined, copyId: number, body: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'PATCH', url: `/books/copies/${copyId}/`, payload: body as object, headers: by?.headers ?? {} });

/** A title's copies in copy order. */
export const copiesOf = (t: TestApp, bookId: number) => t.db.selectFrom('copies').selectAll().where('book_id', '=', bookId).orderBy('copy_no').execute();

/** Audit entries of one action. */
export const auditsOf = (t: TestApp, action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

/** Lends a copy by writing the loan directly (the copy becomes ON_LOAN); answers the loan id. */
export async function lendDirectly(t: TestApp, copyId: number, memberId: number, issueDate: string, dueDate: string): Promise<number> {
  const copy = await t.db.selectFrom('copies').select('book_id').where('id', '=', copyId).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const loan = await t.db
    .insertInto('loans')
    .values({ book_id: copy.book_id, member_id: memberId, copy_id: copyId, issue_date: issueDate, due_date: dueDate, returned_at: null, issued_by: null, returned_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await moveCopy(t.db, copyId, ['AVAILABLE'], 'ON_LOAN', { event: false });
  return loan.id;
}

/** Ends a direct loan (RETURNED, the copy back on the shelf). */
export async function returnDirectly(t: TestApp, loanId: number, copyId: number, on: string): Promise<void> {
  await t.db.updateTable('loans').set({ returned_at: on, status: 'RETURNED' }).where('id', '=', loanId).execute();
  await moveCopy(t.db, copyId, ['ON_LOAN'], 'AVAILABLE', { event: false });
}

/** Holds a copy for a member by writing a FULFILLED reservation (the copy becomes ON_HOLD); answers its id. */
export async function holdDirectly(t: TestApp, copyId: number, memberId: number, holdUntil: string): Promise<number> {
  const copy = await t.db.selectFrom('copies').select('book_id').where('id', '=', copyId).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('reservations')
    .values({ book_id: copy.book_id, member_id: memberId, copy_id: copyId, status: 'FULFILLED', queue_rank: 1, hold_until: holdUntil, loan_id: null, notes: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await moveCopy(t.db, copyId, ['AVAILABLE'], 'ON_HOLD', { event: false });
  return row.id;
}
