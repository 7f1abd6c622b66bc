import { beforeAll, describe, expect, test } from 'vitest';
import { MEMBER_CSV_COLUMNS } from '#shared/member-rules';
import { access, bearer, ids, signIn, t, useSignedInApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';
import { memberCsv, type MemberCsvRow } from './support/member-csv.js';

let physics = 0;

useSignedInApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

beforeAll(async () => {
  physics = (await t.db.insertInto('departments').values({ name: 'Physics' }).returning('id').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('academic_sessions').values({ session_range: '2024-2028' }).execute();
});

const upload = (csv: string | Buffer, token = access['desk']!) => {
  const body = multipart({}, { file: { filename: 'members-template.csv', content: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), contentType: 'text/csv' } });
  return t.app.inject({ method: 'POST', url: '/users/bulk-upload-members/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};

type Row = MemberCsvRow;
const csvOf = memberCsv;
const member = (n: number, extra: Row = {}): Row => ({
  username: `student${n}`, email: `student${n}@example.test`, password: `Long-Reading-${n}-Hours`, first_name: 'Stu', last_name: `Dent${n}`, shift: n % 2 ? 'DAY' : 'NIGHT', ...extra,
});
const memberCount = async () => Number((await t.db.selectFrom('member_profiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('member bulk upload', () => {
  test('imports the template’s five sample members: active, verified, with department and session by name or id; welcome mails carry no password', async () => {
    const since = t.mail.messages.length;
    const rows = [
      member(1, { department: 'physics', session: '2024-2028', cnic: '35202-1234567-1', mobile_number: '0300-1234567', registration_id: 'R-1', security_fee: '500' }),
      member(2, { department: String(physics) }),
      member(3),
      member(4, { middle_name: 'Q', home_address: '"12, Mall Road"' }),
      member(5),
    ];
    const answer = await upload(csvOf(rows));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ detail: '5 members created successfully.', imported: 5, errors: [], error_count: 0 });
    const one = await t.db
      .selectFrom('users as u')
      .innerJoin('member_profiles as p', 'p.user_id', 'u.id')
      .select(['u.is_active', 'u.is_verified', 'p.department_id', 'p.session_id', 'p.cnic', 'p.shift', 'p.security_fee', 'p.member_id'])
      .where('u.username', '=', 'student1')
      .executeTakeFirstOrThrow();
    expect(one).toMatchObject({ is_active: 1, is_verified: 1, department_id: physics, cnic: '35202-1234567-1', shift: 'DAY', security_fee: 50000 });
    expect(one.session_id).not.toBeNull();
    await signIn(t.app, 'student3', 'Long-Reading-3-Hours');
    const mail = await t.mail.waitFor('student5@example.test', { since });
    expect(mail.text).not.toContain('Long-Reading-5-Hours');
    expect(mail.links.some((l) => l.includes('/reset-password/'))).toBe(true);
    const ids = (await t.db.selectFrom('member_profiles').select('member_id').orderBy('id').execute()).map((r) => r.member_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', 'MEMBER_IMPORTED').executeTakeFirstOrThrow()).n)).toBe(5);
  });

  test('reports bad and duplicate rows by row and field and imports the good ones', async () => {
    const before = await memberCount();
    const rows = [
      member(10),
      member(11, { username: 'STUDENT1' }),
      member(12, { email: 'student10@EXAMPLE.test' }),
      member(13, { shift: 'EVENING' }),
      member(14, { cnic: '123' }),
      member(15, { department: 'Alchemy' }),
      member(16, { password: '12345678' }),
      member(17, { first_name: '' }),
      member(18, { username: 'student10' }),
      member(19, { registration_id: 'r-1' }),
      member(20),
    ];
    const answer = await upload(csvOf(rows));
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.imported).toBe(2);
    expect(body.detail).toBe('2 members created successfully.');
    const byRow = Object.fromEntries(body.errors.map((e: { row: number; field: string; message: string }) => [e.row, `${e.field}: ${e.message}`]));
    expect(byRow).toEqual({
      2: 'username: A user with that username already exists.',
      3: 'email: Duplicate email in this file (first on row 1).',
      4: 'shift: "EVENING" is not a valid choice.',
      5: 'cnic: Enter a valid CNIC: 13 digits, with or without dashes (12345-1234567-1).',
      6: 'department: Unknown department "Alchemy".',
      7: expect.stringMatching(/^password: /),
      8: 'first_name: This field may not be blank.',
      9: 'username: Duplicate username in this file (first on row 1).',
      10: 'registration_id: member profile with this registration id already exists.',
    });
    expect(await memberCount()).toBe(before + 2);
  });

  test('refuses a file without the required columns, a binary file, a missing file; members cannot upload', async () => {
    const before = await memberCount();
    const missing = await upload('username,email\nx,x@example.test\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Missing columns: password, first_name, last_name.' });
    expect((await upload(PNG)).json()).toEqual({ file: ['Upload a valid CSV file.'] });
    const none = await t.app.inject({ method: 'POST', url: '/users/bulk-upload-members/', headers: { ...bearer(access['desk']!), 'content-type': 'application/json' }, payload: '{}' });
    expect(none.json()).toEqual({ file: ['No file was submitted.'] });
    expect((await upload(csvOf([member(30)]), access['reader'])).statusCode).toBe(403);
    expect(await memberCount()).toBe(before);
  });

  test('imports in batches: 260 rows land in two transactions with distinct member numbers', async () => {
    const rows = Array.from({ length: 260 }, (_, i) => member(1000 + i));
    const answer = await upload(csvOf(rows));
    expect(answer.json()).toMatchObject({ imported: 260, error_count: 0 });
    const ids = (await t.db.selectFrom('member_profiles').select('member_id').execute()).map((r) => r.member_id);
    expect(new Set(ids).size).toBe(ids.length);
    const audit = await t.db.selectFrom('audit_log').select('after').where('action', '=', 'MEMBERS_IMPORTED').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ rows: 260, imported: 260, complete: true });
  }, 120_000);

  test('member numbers continue after the highest number even when older ones have another width', async () => {
    // Fifty ids written one digit wider than the format (MBR-00001…): they sort first as text
    // but are the lowest numbers; the next import must still not repeat a number in use.
    const some = await t.db.selectFrom('member_profiles').select(['id', 'member_id']).orderBy('id').limit(50).execute();
    expect(some).toHaveLength(50);
    for (const [i, row] of some.entries()) {
      await t.db.updateTable('member_profiles').set({ member_id: `MBR-${String(i + 1).padStart(5, '0')}` }).where('id', '=', row.id).execute();
    }
    const highest = Math.max(...(await t.db.selectFrom('member_profiles').select('member_id').execute()).map((r) => Number(r.member_id.slice(4))));
    const answer = await upload(csvOf(Array.from({ length: 30 }, (_, i) => member(2000 + i))));
    expect(answer.json()).toMatchObject({ imported: 30, error_count: 0 });
    const ids = (await t.db.selectFrom('member_profiles').select('member_id').execute()).map((r) => r.member_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(`MBR-${String(highest + 30).padStart(4, '0')}`);
  }, 120_000);
});
