/** Member fixtures for browser tests: fresh members registered and verified through the real API. */
import { expect, type APIRequestContext } from '@playwright/test';
import { API, adminHeaders } from './books';
import { siteLink, unique, waitForMail } from './helpers';

/** A member the test made, with what signs him in and names him in lists. */
export interface TestMember {
  id: number;
  username: string;
  password: string;
  /** First and last name, as the member lists show it. */
  name: string;
}

/**
 * Registers a member through `POST /auth/register/member/` and opens the mailed verification link,
 * so he waits in Pending Approvals and can sign in once approved. `tag` starts the username, so a
 * search for it finds exactly the members of one test.
 */
export async function registerPendingMember(request: APIRequestContext, tag: string): Promise<TestMember> {
  const id = unique();
  const username = `${tag}${id}`;
  const email = `${username}@example.org`;
  const password = 'Shelf-mark-2026';
  const lastName = `Member${id}`;
  const created = await request.post(`${API}/auth/register/member/`, {
    data: { first_name: 'Pat', last_name: lastName, username, email, password, password2: password },
  });
  expect(created.status()).toBe(201);
  const mail = await waitForMail(request, email, /verify/i);
  const verified = await request.get(`${API}${siteLink(mail, '/auth/verify-email/').replace(/\/?$/, '/')}`);
  expect(verified.status()).toBe(200);
  const { id: userId } = (await created.json()) as { id: number };
  return { id: userId, username, password, name: `Pat ${lastName}` };
}

/** Registers, verifies and approves a member through the API: an active member. */
export async function registerActiveMember(request: APIRequestContext, tag: string): Promise<TestMember> {
  const member = await registerPendingMember(request, tag);
  const approved = await request.post(`${API}/auth/approve-user/${member.id}/`, { headers: await adminHeaders(request) });
  expect(approved.status()).toBe(200);
  return member;
}

/** Whether the member's credentials sign in through the API (200), and the refusal's text otherwise. */
export async function apiSignIn(request: APIRequestContext, member: TestMember): Promise<{ status: number; text: string }> {
  const answer = await request.post(`${API}/auth/login/`, { data: { username: member.username, password: member.password } });
  return { status: answer.status(), text: await answer.text() };
}
