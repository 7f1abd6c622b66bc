/**
 * Every account mail is a row of the one outbox (`notification_log`, PENDING e-mail) written in
 * the transaction of what causes it, then delivered by the notice dispatcher. A database that
 * refuses the outbox row fails the cause (nothing of it is kept and no mail leaves); otherwise
 * the mail reaches a real SMTP listener and its row ends SENT. One-time links never show in the
 * Notification History.
 */
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { access, bearer, createUser, DEFAULT_PASSWORD, postJson, t, useSignedInApp } from './support/harness.js';
import { multipart } from './support/multipart.js';
import { memberCsvPart } from './support/member-csv.js';

let postgres = false;

useSignedInApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000', MAIL_RATE_LIMIT_PER_ACCOUNT: '100', MAIL_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

beforeAll(async () => {
  postgres = Boolean(t.config.databaseUrl);
});

/** Makes every insert into the outbox fail, as a database error in the cause's transaction would. */
async function refuseOutbox(): Promise<void> {
  if (postgres) {
    await sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end $$`.execute(t.db);
    await sql`create trigger refuse_outbox before insert on notification_log for each row execute function refuse_outbox()`.execute(t.db);
  } else {
    await sql`create trigger refuse_outbox before insert on notification_log begin select raise(abort, 'outbox refused'); end`.execute(t.db);
  }
}

async function acceptOutbox(): Promise<void> {
  await sql`drop trigger if exists refuse_outbox${postgres ? sql` on notification_log` : sql``}`.execute(t.db);
}

const count = async (query: { execute(): Promise<unknown[]> }): Promise<number> => (await query.execute()).length;
const tokens = (purpose: 'verify_email' | 'reset_password' | 'change_email' | 'invitation', userId?: number) =>
  count(t.db.selectFrom('one_time_tokens').select('id').where('purpose', '=', purpose).$if(userId !== undefined, (q) => q.where('user_id', '=', userId!)));
const userNamed = (username: string) => count(t.db.selectFrom('users').select('id').where('username', '=', username));
const mailRows = (to: string) => t.db.selectFrom('notification_log').selectAll().where('recipient', '=', to).where('channel', '=', 'email').execute();


interface Cause {
  /** The mail's kind (its template). */
  kind: string;
  /** Where it goes. */
  to: (n: number) => string;
  /** Anything the cause needs first (answers the id of the user it concerns, if any). */
  prepare?: (n: number) => Promise<number | undefined>;
  /** The call that causes the mail. */
  act: (n: number, userId: number | undefined) => Promise<LightMyRequestResponse>;
  /** How many of the cause's own rows exist (0 when it failed). */
  effect: (n: number, userId: number | undefined) => Promise<number>;
  /** Whether the answer tells of the failure (by default a 4xx or 5xx). */
  failed?: (answer: LightMyRequestResponse) => boolean;
}

const CAUSES: [string, Cause][] = [
  [
    'a self-registration: verify e-mail',
    {
      kind: 'verify_email',
      to: (n) => `selfreg${n}@example.test`,
      act: (n) =>
        postJson(t.app, '/auth/register/member/', { username: `selfreg${n}`, email: `selfreg${n}@example.test`, first_name: 'Noor', last_name: 'Reader', password: 'Marble-Lantern-42', password2: 'Marble-Lantern-42' }),
      effect: (n) => userNamed(`selfreg${n}`),
    },
  ],
  [
    'a new verification link',
    {
      kind: 'verify_email',
      to: (n) => `unverified${n}@example.test`,
      prepare: async (n) => (await createUser(t.db, { username: `unverified${n}`, state: 'unverified' })).id,
      act: (n) => postJson(t.app, '/auth/resend-verification/', { username: `unverified${n}` }),
      effect: (_n, id) => tokens('verify_email', id),
    },
  ],
  [
    'a forgotten password: reset password',
    {
      kind: 'reset_password',
      to: (n) => `forgetful${n}@example.test`,
      prepare: async (n) => (await createUser(t.db, { username: `forgetful${n}` })).id,
      act: (n) => postJson(t.app, '/auth/forgot-password/', { username: `forgetful${n}` }),
      effect: (_n, id) => tokens('reset_password', id),
    },
  ],
  [
    'a new e-mail address in one’s profile: confirm it',
    {
      kind: 'change_email',
      to: (n) => `moved${n}@new.test`,
      act: (n) =>
        t.app.inject({ method: 'PATCH', url: '/users/update-profile/', payload: { email: `moved${n}@new.test`, current_password: DEFAULT_PASSWORD }, headers: bearer(access['reader']!) }),
      effect: async () => tokens('change_email'),
    },
  ],
  [
    'an invitation',
    {
      kind: 'invitation',
      to: (n) => `friend${n}@example.test`,
      act: (n) => postJson(t.app, '/users/invitations/', { email: `friend${n}@example.test` }, bearer(access['desk']!)),
      effect: () => tokens('invitation'),
    },
  ],
  [
    'a staff registration: welcome staff',
    {
      kind: 'welcome_staff',
      to: (n) => `newdesk${n}@example.test`,
      act: (n) =>
        postJson(t.app, '/auth/register/manager/', { username: `newdesk${n}`, email: `newdesk${n}@example.test`, password: 'Quiet-River-88', password2: 'Quiet-River-88' }, bearer(access['admin']!)),
      effect: (n) => userNamed(`newdesk${n}`),
    },
  ],
  [
    'a member registered at the desk: welcome member',
    {
      kind: 'welcome_member',
      to: (n) => `walkin${n}@example.test`,
      act: (n) => {
        const body = multipart({ username: `walkin${n}`, email: `walkin${n}@example.test`, first_name: 'Walk', last_name: 'In' });
        return t.app.inject({ method: 'POST', url: '/auth/Single-Member-Register/', payload: body.payload, headers: { ...body.headers, ...bearer(access['desk']!) } });
      },
      effect: (n) => userNamed(`walkin${n}`),
    },
  ],
  [
    'a member bulk import: welcome member',
    {
      kind: 'welcome_member',
      to: (n) => `imported${n}@example.test`,
      act: (n) => {
        const body = multipart({}, { file: memberCsvPart([{ username: `imported${n}`, email: `imported${n}@example.test`, password: `Long-Reading-${n}-Hours`, first_name: 'Im', last_name: 'Ported' }]) });
        return t.app.inject({ method: 'POST', url: '/users/bulk-upload-members/', payload: body.payload, headers: { ...body.headers, ...bearer(access['desk']!) } });
      },
      effect: (n) => userNamed(`imported${n}`),
      // A batch that fails is reported row by row in the import's answer.
      failed: (answer) => answer.statusCode === 200 && answer.json().imported === 0 && answer.json().error_count === 1,
    },
  ],
  [
    'a declined registration: declined',
    {
      kind: 'member_declined',
      to: (n) => `hopeful${n}@example.test`,
      prepare: async (n) => (await createUser(t.db, { username: `hopeful${n}`, state: 'pending' })).id,
      act: (_n, id) => postJson(t.app, `/auth/decline/${id}/`, {}, bearer(access['desk']!)),
      effect: async (_n, id) => count(t.db.selectFrom('users').select('id').where('id', '=', id!).where('is_declined', '=', 1)),
    },
  ],
];

describe('account mails go through the outbox', () => {
  test.each(CASES_WITH_NUMBERS())('%s is written in the transaction of its cause: an outbox that refuses the row fails the cause', async (_name, cause, n) => {
    const userId = await cause.prepare?.(n);
    const since = t.mail.messages.length;
    await refuseOutbox();
    try {
      const refused = await cause.act(n, userId);
      expect(cause.failed ? cause.failed(refused) : refused.statusCode >= 400, refused.body).toBe(true);
    } finally {
      await acceptOutbox();
    }
    await t.app.ctx.notices.idle();
    expect(await cause.effect(n, userId)).toBe(0);
    expect(await mailRows(cause.to(n))).toEqual([]);
    expect(t.mail.messages.slice(since).filter((m) => m.to.includes(cause.to(n)))).toEqual([]);
  });

  test.each(CASES_WITH_NUMBERS(100))('%s is an outbox row delivered by the dispatcher, its link kept out of the log once sent', async (_name, cause, n) => {
    const userId = await cause.prepare?.(n);
    const since = t.mail.messages.length;
    const answer = await cause.act(n, userId);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    expect(await cause.effect(n, userId)).toBeGreaterThan(0);
    const mail = await t.mail.waitFor(cause.to(n), { since });
    await t.app.ctx.notices.idle();
    const rows = await mailRows(cause.to(n));
    expect(rows).toEqual([
      expect.objectContaining({ kind: cause.kind, notice_type: null, channel: 'email', status: 'SENT', attempts: 1, subject: mail.subject, body_text: null, body_html: null }),
    ]);
    expect(rows[0]!.sent_at).toEqual(expect.any(String));
  });
});

describe('account mails in the Notification History', () => {
  test('are listed with their kind; their text (a one-time link) is never shown, even while waiting; a failed one can be sent again', async () => {
    await createUser(t.db, { username: 'historian' });
    t.mail.refuse = true;
    try {
      await postJson(t.app, '/auth/forgot-password/', { username: 'historian' });
      await t.app.ctx.notices.idle();
    } finally {
      t.mail.refuse = false;
    }
    const [row] = await mailRows('historian@example.test');
    expect(row).toMatchObject({ kind: 'reset_password', status: 'FAILED', attempts: 1 });
    // Kept in the outbox for the next attempt, with the link.
    expect(row!.body_text).toContain('/reset-password/');

    const list = await t.app.inject({ method: 'GET', url: '/notifications-logs/?type=account&search=historian', headers: bearer(access['admin']!) });
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toEqual([expect.objectContaining({ id: row!.id, kind: 'reset_password', notice_type: null, status: 'FAILED', channel: 'email' })]);
    const entry = await t.app.inject({ method: 'GET', url: `/notifications-logs/${row!.id}/`, headers: bearer(access['admin']!) });
    expect(entry.json()).toMatchObject({ id: row!.id, kind: 'reset_password', body_text: null });
    expect(entry.body).not.toContain('/reset-password/');

    const since = t.mail.messages.length;
    const resent = await postJson(t.app, `/notifications-logs/${row!.id}/resend/`, {}, bearer(access['admin']!));
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ kind: 'reset_password', body_text: null });
    const mail = await t.mail.waitFor('historian@example.test', { since });
    expect(mail.links.some((l) => l.includes('/reset-password/'))).toBe(true);
  });
});

/** The cases numbered so that each run uses fresh names. */
function CASES_WITH_NUMBERS(offset = 0): [string, Cause, number][] {
  return CAUSES.map(([name, cause], i) => [name, cause, offset + i + 1]);
}
