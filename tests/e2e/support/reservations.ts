/** Reservation fixtures for browser tests: a reservation made by the desk for a member, through the real API. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Reservation } from '../../../src/lib/schemas/reservations';
import { API, adminHeaders } from './books';

/** Reserves a title for a member as the admin (`POST /books/reservations/` with `member`); answers the reservation. */
export async function reserveForMember(request: APIRequestContext, book: number, member: number): Promise<Reservation> {
  const answer = await request.post(`${API}/books/reservations/`, { headers: await adminHeaders(request), data: { book, member } });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as Reservation;
}

/** A member's reservations as the server has them (newest first). */
export async function reservationsOf(request: APIRequestContext, member: number): Promise<Reservation[]> {
  const answer = await request.get(`${API}/books/reservations/by-member/${member}/`, { headers: await adminHeaders(request) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Reservation[];
}
