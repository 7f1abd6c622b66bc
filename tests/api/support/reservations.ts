/**
 * Helpers of the reservation API tests: reserve (as the member himself or staff for him), the
 * reservation calls as JSON requests, and a reservation's stored row.
 */
import type { LightMyRequestResponse } from 'fastify';
import { postJson, type TestApp } from './harness.js';
import type { Actor } from './circulation.js';

/** POST /books/reservations/ (a member for himself: `{book}`; staff: `{book, member}`). */
export const reserve = (t: TestApp, by: Actor, body: Record<string, unknown>): Promise<LightMyRequestResponse> =>
  postJson(t.app, '/books/reservations/', body, by.headers);

/** POST /books/reservations/{id}/{action}/. */
export const act = (t: TestApp, by: Actor, id: number, action: 'fulfill' | 'cancel' | 'issue' | 'move', body: Record<string, unknown> = {}): Promise<LightMyRequestResponse> =>
  postJson(t.app, `/books/reservations/${id}/${action}/`, body, by.headers);

/** GET a path with a signed-in user's headers. */
export const read = (t: TestApp, by: Actor, url: string): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url, headers: by.headers });

/** Reserves and answers the new reservation's id (fails the test on anything but 201). */
export async function reserved(t: TestApp, by: Actor, body: Record<string, unknown>): Promise<number> {
  const response = await reserve(t, by, body);
  if (response.statusCode !== 201) throw new Error(`Reservation failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** A reservation's stored row. */
export const reservationRow = (t: TestApp, id: number) => t.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The notices queued for a member of one type (in-app rows of the notification log). */
export const noticesOf = (t: TestApp, userId: number, type: string) =>
  t.db.selectFrom('notification_log').selectAll().where('user_id', '=', userId).where('notice_type', '=', type).where('channel', '=', 'in_app').orderBy('id').execute();

/** Audit entries of one reservation, oldest first. */
export const auditOf = (t: TestApp, id: number) =>
  t.db.selectFrom('audit_log').select(['action', 'user_id', 'before', 'after']).where('entity', '=', 'reservation').where('entity_id', '=', String(id)).orderBy('id').execute();
