/** Notice fixtures for browser tests: the mail capture's refusal switch, log rows and unread counts through the real API. */
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E } from '../../../playwright.config';
import { API, adminHeaders } from './books';
import { bearerOf } from './helpers';
import type { TestMember } from './members';

/** Makes the test stack's mail capture refuse (true) or accept (false) every recipient. */
export async function refuseMail(request: APIRequestContext, refuse: boolean): Promise<void> {
  const answer = await request.post(`http://127.0.0.1:${E2E.mailPort}/${refuse ? 'refuse' : 'accept'}`);
  expect(answer.ok()).toBe(true);
}

/** One row of the notification log as the tests read it. */
export interface LogRow {
  id: number;
  status: string;
  channel: string;
  notice_type: string | null;
  recipient: string | null;
  attempts: number;
}

/** The member's e-mail log rows of one notice type, newest first. */
export async function emailLogOf(request: APIRequestContext, memberId: number, type: string): Promise<LogRow[]> {
  const answer = await request.get(`${API}/notifications-logs/?member=${memberId}&type=${type}&channel=email&page=1&page_size=50`, { headers: await adminHeaders(request) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { results: LogRow[] }).results;
}

/** The member's unread in-app notifications, read with his own sign-in. */
export async function unreadCountOf(request: APIRequestContext, member: TestMember): Promise<number> {
  const answer = await request.get(`${API}/notifications/unread-count/`, { headers: await bearerOf(request, member) });
  return ((await answer.json()) as { unread: number }).unread;
}

/** Puts every notice back on with its default wording (the settings are shared by the whole run). */
export async function restoreNoticeDefaults(request: APIRequestContext): Promise<void> {
  const headers = await adminHeaders(request);
  const current = (await (await request.get(`${API}/settings/notifications/`, { headers })).json()) as { notices: { type: string; default_subject: string; default_body: string }[] };
  const notices = current.notices.map((n) => ({ type: n.type, enabled: true, subject: n.default_subject, body: n.default_body }));
  const saved = await request.put(`${API}/settings/notifications/`, { headers, data: { notices } });
  expect(saved.ok(), await saved.text()).toBe(true);
}
