import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OutgoingMail, MailTransport } from '../../server/src/mail/transport.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../server/src/modules/notices/delivery.js';
import { addDays } from '#shared/dates';
import { actor, addBook, giveBack, issue, libraryToday, member, type Actor } from './support/circulation.js';
import { createBook, createFine } from './support/fines.js';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

/** A transport that keeps what it sends and fails while `failing` is set. */
const sent: OutgoingMail[] = [];
let failing = false;
const transport: MailTransport = {
  async send(mail) {
    if (failing) throw new Error('SMTP refused: 451 try later');
    sent.push(mail);
  },
  close() {},
};

let t: TestApp;
let desk: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await startTestApp({}, { mailTransport: transport });
  desk = await actor(t, 'desk', 'MANAGER');
  admin = await actor(t, 'admin', 'SUPER USER');
  await t.db.updateTable('library_settings').set({ library_name: 'City & County Library', fine_per_day: 1000 }).execute();
});

afterAll(async () => t.close());

const emailRows = (userId: number, type?: string) => {
  let q = t.db.selectFrom('notification_log').selectAll().where('user_id', '=', userId).where('channel', '=', 'email');
  if (type) q = q.where('notice_type', '=', type);
  return q.orderBy('id').execute();
};
const inApp = (userId: number, type: string) => t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', '=', type).execute();

describe('notices of the desk\'s changes', () => {
  test('an issue sends "Book issued": placeholders filled, the title escaped in the HTML and plain in the text', async () => {
    const reader = await member(t, 'html.reader');
    const book = await addBook(t, '<b>x</b>');
    const today = await libraryToday(t);
    const response = await issue(t, desk, { book, member: reader, due_date: addDays(today, 7) });
    expect(response.statusCode).toBe(201);
    await t.app.ctx.notices.idle();
    const mail = sent.find((m) => m.to === 'html.reader@example.test')!;
    expect(mail.subject).toBe('Book issued: <b>x</b>');
    expect(mail.text).toContain('"<b>x</b>" has been issued to you.');
    expect(mail.text).toContain('City & County Library');
    expect(mail.text).not.toMatch(/\{[a-z_]+\}/);
    expect(mail.html).toContain('&quot;&lt;b&gt;x&lt;/b&gt;&quot; has been issued to you.');
    expect(mail.html).toContain('City &amp; County Library');
    expect(mail.html).not.toContain('<b>x</b>');
    const [row] = await emailRows(reader, 'book_issued');
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, notice_type: 'book_issued', error: null });
    expect(await inApp(reader, 'book_issued')).toHaveLength(1);
  });

  test('a return that leaves a fine sends "Fine imposed" with what remains; one paid in full sends none', async () => {
    const reader = await member(t, 'late.returner');
    const today = await libraryToday(t);
    const first = (await issue(t, desk, { book: await addBook(t, 'Late One'), member: reader, issue_date: addDays(today, -20), due_date: addDays(today, -5) })).json();
    const second = (await issue(t, desk, { book: await addBook(t, 'Late Two'), member: reader, issue_date: addDays(today, -20), due_date: addDays(today, -3) })).json();
    expect((await giveBack(t, desk, first.id, { fine_collected_amount: '20.00' })).statusCode).toBe(200);
    expect((await giveBack(t, desk, second.id, { fine_collected_amount: '30.00' })).statusCode).toBe(200);
    await t.app.ctx.notices.idle();
    const notices = await inApp(reader, 'fine_imposed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe('Overdue fine for "Late One" (5 days late): Rs. 30.00. Please pay it at the desk.');
  });

  test('a collection sends "Fine collected" with the cash received', async () => {
    const reader = (await createUser(t.db, { username: 'payer' })).id;
    const fine = await createFine(t.db, reader, await createBook(t.db, 'Paid Book'), 5000, '2026-03-01');
    const response = await postJson(t.app, '/fines-viewset/collect/', { member_id: reader, issued_ids: [fine.loanId], collected_amount: '40.00', discount: '10', discount_reason: 'First time' }, desk.headers);
    expect(response.statusCode).toBe(200);
    await t.app.ctx.notices.idle();
    const notices = await inApp(reader, 'fine_collected');
    expect(notices.map((n) => n.message)).toEqual(['We received Rs. 40.00 towards your fines. Thank you.']);
    expect(sent.filter((m) => m.to === 'payer@example.test').map((m) => m.subject)).toEqual(['Payment received']);
  });

  test('approving a registration sends "Account approved" through the queue', async () => {
    const pending = (await createUser(t.db, { username: 'newcomer', state: 'pending' })).id;
    const response = await postJson(t.app, `/auth/approve-user/${pending}/`, {}, admin.headers);
    expect(response.statusCode).toBe(200);
    await t.app.ctx.notices.idle();
    expect(await inApp(pending, 'account_approved')).toHaveLength(1);
    expect((await emailRows(pending, 'account_approved')).map((r) => r.status)).toEqual(['SENT']);
  });

  test('with its toggle off a notice writes nothing: no in-app notice, no log row, no mail', async () => {
    await t.app.inject({ method: 'PUT', url: '/settings/notifications/', payload: { on_book_issue: false }, headers: admin.headers });
    try {
      const reader = await member(t, 'quiet.reader');
      const today = await libraryToday(t);
      expect((await issue(t, desk, { book: await addBook(t, 'Quiet Book'), member: reader, due_date: addDays(today, 7) })).statusCode).toBe(201);
      await t.app.ctx.notices.idle();
      expect(await inApp(reader, 'book_issued')).toEqual([]);
      expect(await t.db.selectFrom('notification_log').select('id').where('user_id', '=', reader).execute()).toEqual([]);
      expect(sent.some((m) => m.to === 'quiet.reader@example.test')).toBe(false);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/settings/notifications/', payload: { on_book_issue: true }, headers: admin.headers });
    }
  });
});

describe('delivery', () => {
  test('a failing transport: retried after 1, 5, 30 minutes and 2 hours, FAILED for good after 5 attempts; resend makes a fresh copy', async () => {
    const reader = await member(t, 'unlucky.reader');
    const today = await libraryToday(t);
    failing = true;
    try {
      expect((await issue(t, desk, { book: await addBook(t, 'Bounced'), member: reader, due_date: addDays(today, 7) })).statusCode).toBe(201);
      await t.app.ctx.notices.idle();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const [row] = await emailRows(reader, 'book_issued');
        expect(row).toMatchObject({ status: 'FAILED', attempts: attempt, error: 'SMTP refused: 451 try later' });
        if (attempt === MAX_ATTEMPTS) {
          expect(row!.next_attempt_at).toBeNull();
          break;
        }
        const wait = Date.parse(row!.next_attempt_at!) - Date.now();
        // The delay after attempt n is the n-th of 1, 5, 30 minutes, 2 hours.
        expect(wait).toBeGreaterThan(RETRY_DELAYS_MS[attempt - 1]! - 10_000);
        expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[attempt - 1]!);
        // Not before its time...
        expect(await t.app.ctx.notices.deliverDue(new Date(Date.now() + wait - 5_000))).toBe(0);
        // ...and once it has come.
        expect(await t.app.ctx.notices.deliverDue(new Date(Date.now() + wait + 1_000))).toBe(1);
      }
      // No attempt is left, however late.
      expect(await t.app.ctx.notices.deliverDue(new Date(Date.now() + 30 * 86_400_000))).toBe(0);
    } finally {
      failing = false;
    }
    const [failed] = await emailRows(reader, 'book_issued');
    const resent = await t.app.inject({ method: 'POST', url: `/notifications-logs/${failed!.id}/resend/`, headers: admin.headers });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'PENDING', attempts: 0, channel: 'email', notice_type: 'book_issued', subject: 'Book issued: Bounced', recipient: 'unlucky.reader@example.test' });
    expect(resent.json().id).not.toBe(failed!.id);
    await t.app.ctx.notices.idle();
    const rows = await emailRows(reader, 'book_issued');
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['FAILED', 5], ['SENT', 1]]);
    expect(rows[1]!.body_html).toBe(rows[0]!.body_html);
    expect(sent.filter((m) => m.to === 'unlucky.reader@example.test')).toHaveLength(1);

    // Only failed e-mails can be sent again.
    const again = await t.app.inject({ method: 'POST', url: `/notifications-logs/${rows[1]!.id}/resend/`, headers: admin.headers });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Only failed e-mails can be sent again.' });
    const inAppRow = await t.db.selectFrom('notification_log').select('id').where('user_id', '=', reader).where('channel', '=', 'in_app').executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'POST', url: `/notifications-logs/${inAppRow.id}/resend/`, headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/notifications-logs/999999/resend/', headers: admin.headers })).statusCode).toBe(404);
    // Reading the log is not enough to send again.
    expect((await t.app.inject({ method: 'POST', url: `/notifications-logs/${failed!.id}/resend/`, headers: desk.headers })).statusCode).toBe(403);
    const member403 = await signIn(t.app, 'unlucky.reader');
    expect((await t.app.inject({ method: 'POST', url: `/notifications-logs/${failed!.id}/resend/`, headers: bearer(member403.access) })).statusCode).toBe(403);
    expect(await emailRows(reader, 'book_issued')).toHaveLength(2);
  });
});
