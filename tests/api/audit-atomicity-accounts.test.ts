/**
 * Audit atomicity, accounts side: for every audited change of accounts, members, plans, roles,
 * settings, notices and reference data, the database refuses that change's audit row and the
 * change must leave nothing behind (no row in any table, no stored file, no queued mail); then the
 * same change without the failure lands with exactly one audit row of its action. The desk's
 * changes are proved the same way in audit-atomicity-desk.test.ts.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AuditAction } from '#shared/audit-actions';
import { encodeUid, issueOneTimeToken } from '../../server/src/modules/accounts/one-time-tokens.js';
import { ensureAdmin } from '../../server/src/provision.js';
import { failAuditOf, fingerprint, INJECTED_FAILURE } from './support/audit-failure.js';
import { access, bearer, createUser, DEFAULT_PASSWORD, ids, postJson, t, useSignedInApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';
import { memberCsvPart, type MemberCsvRow } from './support/member-csv.js';

/** Every action this file proves atomic (the desk's are in audit-atomicity-desk.test.ts). */
const COVERED = [
  'USER_SIGNED_IN', 'ACCOUNT_REGISTERED', 'EMAIL_VERIFIED', 'EMAIL_CHANGED', 'PASSWORD_RESET', 'ADMIN_CREATED', 'STAFF_INVITED',
  'INVITATION_ACCEPTED', 'PROFILE_UPDATED', 'PROFILE_UPDATED_PASSWORD_CHANGED', 'MANAGER_REGISTERED',
  'MEMBER_REGISTERED', 'MEMBERS_IMPORTED', 'MEMBER_IMPORTED', 'MEMBER_APPROVED', 'MEMBER_DECLINED', 'MEMBER_ENABLED', 'MEMBER_DISABLED',
  'MEMBER_DELETED', 'MEMBER_PROFILE_UPDATED', 'MEMBERSHIP_STARTED', 'MEMBERSHIP_RENEWED',
  'PLAN_CREATED', 'PLAN_UPDATED', 'PLAN_DELETED',
  'ROLE_CREATED', 'ROLE_UPDATED', 'ROLE_DELETED', 'ROLE_ASSIGNED', 'ROLE_UNASSIGNED',
  'SETTINGS_UPDATED', 'BOOK_SETTINGS_UPDATED', 'NOTIFICATION_SETTINGS_CHANGED', 'HOLIDAY_ADDED', 'HOLIDAY_REMOVED',
  'NOTICE_RESENT',
  'DEPARTMENT_CREATED', 'DEPARTMENT_UPDATED', 'DEPARTMENT_DELETED', 'CATEGORY_CREATED', 'CATEGORY_UPDATED', 'CATEGORY_DELETED',
  'LANGUAGE_CREATED', 'LANGUAGE_UPDATED', 'LANGUAGE_DELETED', 'SESSION_CREATED', 'SESSION_UPDATED', 'SESSION_DELETED',
] as const satisfies readonly AuditAction[];

useSignedInApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

/** What a change answered: an HTTP answer, or a function's outcome as one (a throw is a 500). */
interface Answer {
  statusCode: number;
  body: string;
}

interface Scenario {
  action: (typeof COVERED)[number];
  /** Tables that may change although the change fails, each with why. */
  ignore?: readonly string[];
  /** What the change needs, made before the fingerprint; its result is handed to `change`. */
  setup?: () => Promise<unknown>;
  change: (given: never) => Promise<Answer>;
  /** How the change says it failed (default: a 500). */
  refused?: (answer: Answer) => void;
}

const SCENARIOS: Scenario[] = [];
let seq = 0;
const unique = (prefix: string): string => `${prefix}${++seq}`;

/** One audited change; `given` is what its setup made. */
function scenario<Given>(action: Scenario['action'], spec: { ignore?: readonly string[]; setup?: () => Promise<Given>; change: (given: Given) => Promise<Answer>; refused?: (answer: Answer) => void }): void {
  SCENARIOS.push({ action, ...spec } as Scenario);
}

const admin = () => bearer(access['admin']!);
const desk = () => bearer(access['desk']!);
const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) =>
  body === undefined ? t.app.inject({ method, url, headers }) : t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const form = (method: 'POST' | 'PUT' | 'PATCH', url: string, headers: Record<string, string>, fields: Record<string, string>, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
};
/** A function the command line or a job calls, answered as HTTP would be. */
const run = async (work: () => Promise<unknown>): Promise<Answer> => {
  try {
    return { statusCode: 200, body: JSON.stringify(await work()) };
  } catch (error) {
    return { statusCode: 500, body: String(error) };
  }
};
const member = (state: 'active' | 'pending' | 'disabled' = 'active') => createUser(t.db, { username: unique('member'), state });
const token = async (userId: number, purpose: 'verify_email' | 'change_email' | 'reset_password', payload?: unknown) =>
  ({ uid: encodeUid(userId), token: (await issueOneTimeToken(t.db, { userId, purpose, ttlSeconds: 3600, payload })).token });
const idOf = (answer: Answer): number => (JSON.parse(answer.body) as { id: number }).id;

// Accounts and sign-in.
scenario('USER_SIGNED_IN', {
  // Even the sign-in attempt's count is gone: it is forgotten once the password matched.
  setup: () => member(),
  change: (user) => postJson(t.app, '/auth/login/', { username: user.username, password: DEFAULT_PASSWORD }),
});
scenario('ACCOUNT_REGISTERED', {
  setup: async () => unique('selfreg'),
  change: (name) => postJson(t.app, '/auth/register/member/', { username: name, email: `${name}@example.test`, first_name: 'Noor', last_name: 'Reader', password: 'Marble-Lantern-42', password2: 'Marble-Lantern-42' }),
});
scenario('EMAIL_VERIFIED', {
  setup: async () => token((await createUser(t.db, { username: unique('unverified'), state: 'unverified' })).id, 'verify_email'),
  change: (link) => t.app.inject({ method: 'GET', url: `/auth/verify-email/${link.uid}/${link.token}/` }),
});
scenario('EMAIL_CHANGED', {
  setup: async () => token((await member()).id, 'change_email', { email: `${unique('moved')}@example.test` }),
  change: (link) => t.app.inject({ method: 'GET', url: `/auth/verify-email/${link.uid}/${link.token}/` }),
});
scenario('PASSWORD_RESET', {
  setup: async () => token((await member()).id, 'reset_password'),
  change: (link) => postJson(t.app, `/auth/reset-password/${link.uid}/${link.token}/`, { password: 'Copper-Kettle-77', confirm_password: 'Copper-Kettle-77' }),
});
scenario('ADMIN_CREATED', {
  setup: async () => unique('root'),
  change: (username) => run(() => ensureAdmin(t.db, { username, email: `${username}@example.test`, password: 'Granite-Harbour-63' })),
  refused: (answer) => expect(answer.body).toContain(INJECTED_FAILURE),
});
scenario('STAFF_INVITED', {
  setup: async () => `${unique('invited')}@example.test`,
  change: (email) => postJson(t.app, '/users/invitations/', { email }, admin()),
});
scenario('INVITATION_ACCEPTED', {
  setup: async () => {
    const email = `${unique('joiner')}@example.test`;
    const since = t.mail.messages.length;
    expect((await postJson(t.app, '/users/invitations/', { email }, admin())).statusCode).toBe(201);
    const mail = await t.mail.waitFor(email, { since });
    return { email, token: new URL(mail.links.find((l) => l.includes('/register?invitation='))!).searchParams.get('invitation')! };
  },
  change: ({ email, token }) =>
    postJson(t.app, `/users/invitation/confirm/${token}`, { token, first_name: 'Jo', last_name: 'Iner', username: email.split('@')[0], email, password: 'Paper-Lantern-2026', password2: 'Paper-Lantern-2026' }),
});
// A staff invitation with a role: the account joins the role in the same change.
scenario('INVITATION_ACCEPTED', {
  setup: async () => {
    const email = `${unique('staffer')}@example.test`;
    const role = idOf(await postJson(t.app, '/roles/', { name: unique('Invited role ') }, admin()));
    const since = t.mail.messages.length;
    expect((await postJson(t.app, '/users/invitations/', { email, role }, admin())).statusCode).toBe(201);
    const mail = await t.mail.waitFor(email, { since });
    return { email, token: new URL(mail.links.find((l) => l.includes('/register?invitation='))!).searchParams.get('invitation')! };
  },
  change: ({ email, token }) =>
    postJson(t.app, `/users/invitation/confirm/${token}`, { token, first_name: 'Sta', last_name: 'Ffer', username: email.split('@')[0], email, password: 'Paper-Lantern-2026', password2: 'Paper-Lantern-2026' }),
});
scenario('PROFILE_UPDATED', {
  change: () => form('PATCH', '/users/update-profile/', bearer(access['reader']!), { first_name: 'Rida' }, { profile_photo: { filename: 'me.png', content: PNG, contentType: 'image/png' } }),
});
scenario('PROFILE_UPDATED', {
  change: () => form('PATCH', '/users/admin/profile/', admin(), { first_name: 'Amna' }),
});
scenario('PROFILE_UPDATED_PASSWORD_CHANGED', {
  change: () => form('PATCH', '/users/update-manager-profile/', desk(), { old_password: DEFAULT_PASSWORD, new_password: 'Amber-Window-51', confirm_password: 'Amber-Window-51' }),
});
scenario('MANAGER_REGISTERED', {
  setup: async () => unique('newdesk'),
  change: (name) => postJson(t.app, '/auth/register/manager/', { username: name, email: `${name}@example.test`, password: 'Quiet-River-88', password2: 'Quiet-River-88' }, admin()),
});

// Members.
scenario('MEMBER_REGISTERED', {
  setup: async () => unique('walkin'),
  change: (name) =>
    form('POST', '/auth/Single-Member-Register/', desk(), { username: name, email: `${name}@example.test`, first_name: 'Sana', last_name: 'Malik', password: 'Quiet-Stacks-2026' }, {
      profile_photo: { filename: 'me.png', content: PNG, contentType: 'image/png' },
    }),
});
const importOf = (name: string) => {
  const row: MemberCsvRow = { username: name, email: `${name}@example.test`, password: 'Long-Reading-9-Hours', first_name: 'Stu', last_name: 'Dent' };
  return form('POST', '/users/bulk-upload-members/', desk(), {}, { file: memberCsvPart([row]) });
};
// A batch that fails answers its rows as not saved (the import's own refusal), not a 500.
const notSaved = (answer: Answer) => expect(JSON.parse(answer.body)).toMatchObject({ imported: 0, error_count: 1 });
scenario('MEMBERS_IMPORTED', { setup: async () => unique('imported'), change: importOf, refused: notSaved });
scenario('MEMBER_IMPORTED', { setup: async () => unique('imported'), change: importOf, refused: notSaved });
scenario('MEMBER_APPROVED', { setup: () => member('pending'), change: (user) => call('POST', `/auth/approve-user/${user.id}/`, desk()) });
// Approval starts the membership (the plan's fee charged, MEMBERSHIP_STARTED audited) in the same change.
scenario('MEMBERSHIP_STARTED', {
  setup: async () => {
    await postJson(t.app, '/members/plans/', { name: unique('Paid plan '), fee: '250', is_default: true }, admin());
    return member('pending');
  },
  change: (user) => call('POST', `/auth/approve-user/${user.id}/`, desk()),
});
scenario('MEMBER_DECLINED', { setup: () => member('pending'), change: (user) => call('POST', `/auth/decline/${user.id}/`, desk(), {}) });
scenario('MEMBER_DISABLED', { setup: () => member(), change: (user) => call('POST', `/users/member/${user.id}/disable_enable/`, desk(), {}) });
scenario('MEMBER_ENABLED', { setup: () => member('disabled'), change: (user) => call('POST', `/users/member/${user.id}/disable_enable/`, desk(), {}) });
scenario('MEMBER_DELETED', {
  // His photo goes only once the deletion has committed.
  setup: async () => {
    const user = await member();
    const photo = await t.app.ctx.media.save('profiles', PNG, 'png');
    await t.db.updateTable('member_profiles').set({ profile_photo: photo }).where('user_id', '=', user.id).execute();
    return user;
  },
  change: (user) => call('DELETE', `/users/delete/${user.id}/`, admin()),
});
scenario('MEMBER_PROFILE_UPDATED', {
  // A new photo replaces his old one: the new file goes with a failed edit, the old one stays.
  setup: async () => {
    const user = await member();
    await t.db.updateTable('member_profiles').set({ profile_photo: await t.app.ctx.media.save('profiles', PNG, 'png') }).where('user_id', '=', user.id).execute();
    return user;
  },
  change: (user) => form('PATCH', '/users/profile/update/', desk(), { user_id: String(user.id), roll_no: '18' }, { profile_photo: { filename: 'new.png', content: PNG, contentType: 'image/png' } }),
});
scenario('MEMBERSHIP_RENEWED', {
  setup: async () => {
    const user = await member();
    await call('POST', `/auth/approve-user/${user.id}/`, desk());
    return user;
  },
  change: (user) => call('POST', `/members/${user.id}/membership/renew/`, admin(), { collected: '250.00' }),
});

// Plans and roles.
const plan = async () => idOf(await postJson(t.app, '/members/plans/', { name: unique('Plan ') }, admin()));
scenario('PLAN_CREATED', { setup: async () => unique('Plan '), change: (name) => postJson(t.app, '/members/plans/', { name, fine_per_day: '10' }, admin()) });
scenario('PLAN_UPDATED', { setup: plan, change: (id) => call('PATCH', `/members/plans/${id}/`, admin(), { fine_per_day: '15' }) });
scenario('PLAN_DELETED', { setup: plan, change: (id) => call('DELETE', `/members/plans/${id}/`, admin()) });
const role = async () => idOf(await postJson(t.app, '/roles/', { name: unique('Role ') }, admin()));
scenario('ROLE_CREATED', { setup: async () => unique('Role '), change: (name) => postJson(t.app, '/roles/', { name }, admin()) });
scenario('ROLE_UPDATED', { setup: role, change: (id) => call('PATCH', `/roles/${id}/`, admin(), { name: unique('Renamed ') }) });
scenario('ROLE_DELETED', { setup: role, change: (id) => call('DELETE', `/roles/${id}/`, admin()) });
scenario('ROLE_ASSIGNED', { setup: role, change: (id) => postJson(t.app, `/roles/${id}/assign_user/`, { user_ids: [ids['desk']] }, admin()) });
scenario('ROLE_UNASSIGNED', {
  setup: async () => {
    const id = await role();
    await postJson(t.app, `/roles/${id}/assign_user/`, { user_ids: [ids['desk']] }, admin());
    return id;
  },
  change: (id) => postJson(t.app, `/roles/${id}/remove_user/`, { user_ids: [ids['desk']] }, admin()),
});

// Settings and notices.
scenario('SETTINGS_UPDATED', {
  change: () => form('PUT', '/settings/library/', admin(), { library_name: 'City Library' }, { logo: { filename: 'logo.png', content: PNG, contentType: 'image/png' } }),
});
scenario('BOOK_SETTINGS_UPDATED', { change: () => postJson(t.app, '/settings/Books_settings/', { max_books_per_member: 5, max_issue_duration: 21, fine_per_day: '12.50' }, admin()) });
scenario('NOTIFICATION_SETTINGS_CHANGED', { change: () => call('PUT', '/settings/notifications/', admin(), { due_soon_days: 5, notices: [{ type: 'overdue', enabled: false }] }) });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
scenario('HOLIDAY_ADDED', { change: () => postJson(t.app, '/settings/holidays/', { date: inDays(40), name: 'Founders Day' }, admin()) });
scenario('HOLIDAY_REMOVED', {
  setup: async () => idOf(await postJson(t.app, '/settings/holidays/', { date: inDays(50), name: 'Spring Day' }, admin())),
  change: (id) => call('DELETE', `/settings/holidays/${id}/`, admin()),
});
scenario('NOTICE_RESENT', {
  setup: async () => {
    const row = await t.db
      .insertInto('notification_log')
      .values({ user_id: ids['reader']!, recipient: 'reader@example.test', subject: 'Due soon', kind: 'due_soon', notice_type: 'due_soon', channel: 'email', status: 'FAILED', attempts: 5, created_at: new Date().toISOString(), next_attempt_at: null, lease_until: null, error: 'mailbox full', body_text: 'Due soon.', body_html: null, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  change: (id) => call('POST', `/notifications-logs/${id}/resend/`, admin(), {}),
});

// Reference data: the same three changes of each kind.
const KINDS = [
  { base: '/admin-departments', field: 'name', created: 'DEPARTMENT_CREATED', updated: 'DEPARTMENT_UPDATED', deleted: 'DEPARTMENT_DELETED' },
  { base: '/categories', field: 'name', created: 'CATEGORY_CREATED', updated: 'CATEGORY_UPDATED', deleted: 'CATEGORY_DELETED' },
  { base: '/language', field: 'name', created: 'LANGUAGE_CREATED', updated: 'LANGUAGE_UPDATED', deleted: 'LANGUAGE_DELETED' },
  { base: '/admin-sessions', field: 'session_range', created: 'SESSION_CREATED', updated: 'SESSION_UPDATED', deleted: 'SESSION_DELETED' },
] as const;
for (const kind of KINDS) {
  // A category carries an image: the file saved before the transaction must go when it fails.
  const image = kind.base === '/categories' ? { image: { filename: 'c.png', content: PNG, contentType: 'image/png' } } : {};
  const value = async () => idOf(await form('POST', `${kind.base}/`, admin(), { [kind.field]: unique('Value ') }));
  scenario(kind.created, { setup: async () => unique('Value '), change: (name) => form('POST', `${kind.base}/`, admin(), { [kind.field]: name }, image) });
  scenario(kind.updated, { setup: value, change: (id) => form('PATCH', `${kind.base}/${id}/`, admin(), { [kind.field]: unique('Renamed ') }, image) });
  scenario(kind.deleted, { setup: value, change: (id) => call('DELETE', `${kind.base}/${id}/`, admin()) });
}

/** The stored files (photos, logos, category images): a failed change must leave none behind. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.config.dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !/^library\.db|^jwt-secret$/.test(e.name))
    .map((e) => path.relative(t.config.dataDir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Everything a change could leave: every table's rows and every stored file, once queued mail has settled. */
async function state(ignore: readonly string[] = []) {
  await t.app.ctx.notices.idle();
  return { tables: await fingerprint(t.db, ignore), files: await storedFiles() };
}

const audits = async (action: AuditAction): Promise<number> =>
  Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  await t.db.insertInto('departments').values({ name: 'Physics' }).execute();
});

describe('audit atomicity of accounts, members, plans, roles, settings and reference data', () => {
  test('every covered action has its scenario, and every scenario is a covered action', () => {
    expect(new Set(SCENARIOS.map((s) => s.action))).toEqual(new Set(COVERED));
  });

  test.each(SCENARIOS.map((s, i) => [`${s.action}${SCENARIOS.findIndex((o) => o.action === s.action) === i ? '' : ' (again)'}`, s] as const))(
    '%s: a refused audit row rolls the whole change back; without the failure it lands with one audit row',
    async (_title, s) => {
      const given = await s.setup?.();
      const before = await state(s.ignore);
      const failure = await failAuditOf(t.db, s.action);
      let failed: Answer;
      try {
        failed = await s.change(given as never);
      } finally {
        await failure.restore();
      }
      if (s.refused) s.refused(failed);
      else expect(failed.statusCode, failed.body).toBe(500);
      expect(await state(s.ignore)).toEqual(before);

      const rows = await audits(s.action);
      const landed = await s.change(given as never);
      expect(landed.statusCode, landed.body).toBeLessThan(300);
      expect(await audits(s.action)).toBe(rows + 1);
      expect(await state(s.ignore)).not.toEqual(before);
    },
  );
});
