import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Papa from 'papaparse';
import { MEMBER_CSV_COLUMNS } from '#shared/member-rules';
import { MEMBER_TEMPLATE_ROWS } from '../../src/lib/member-template-sample.js';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';
import { multipart } from './support/multipart.js';

/** The template's text as the site writes it (src/lib/member-template.ts: the columns in order, CRLF). */
const memberTemplateCsv = (): string =>
  Papa.unparse({ fields: [...MEMBER_CSV_COLUMNS], data: MEMBER_TEMPLATE_ROWS.map((row) => MEMBER_CSV_COLUMNS.map((column) => row[column])) }, { newline: '\r\n' });

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await startTestApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' });
  await createUser(t.db, { username: 'desk', role: 'MANAGER' });
  token = (await signIn(t.app, 'desk')).access;
  // The demo library's names, which the template's samples use.
  for (const name of ['Computer Science', 'Mathematics', 'English Literature']) await t.db.insertInto('departments').values({ name }).execute();
  for (const range of ['2023-2027', '2024-2028']) await t.db.insertInto('academic_sessions').values({ session_range: range }).execute();
});

afterAll(async () => t.close());

const upload = (csv: string) => {
  const body = multipart({}, { file: { filename: 'members-template.csv', content: Buffer.from(csv), contentType: 'text/csv' } });
  return t.app.inject({ method: 'POST', url: '/users/bulk-upload-members/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};

describe('the Member Template as the site downloads it', () => {
  test('imports its 5 sample members unchanged, with their departments, sessions and shifts', async () => {
    const answer = await upload(memberTemplateCsv());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ detail: '5 members created successfully.', imported: 5, errors: [], error_count: 0 });
    const rows = await t.db
      .selectFrom('users as u')
      .innerJoin('member_profiles as p', 'p.user_id', 'u.id')
      .select(['u.username', 'p.shift', 'p.department_id', 'p.session_id', 'p.cnic'])
      .where('u.username', 'in', MEMBER_TEMPLATE_ROWS.map((row) => row.username))
      .execute();
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(['DAY', 'NIGHT']).toContain(row.shift);
      expect(row.department_id).not.toBeNull();
      expect(row.session_id).not.toBeNull();
    }
  });

  test('a second upload of it creates nobody and refuses each row as a duplicate', async () => {
    const answer = await upload(memberTemplateCsv());
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { imported: number; errors: { row: number; field: string; message: string }[] };
    expect(body.imported).toBe(0);
    expect(new Set(body.errors.filter((e) => e.field === 'username').map((e) => e.row))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(body.errors.find((e) => e.field === 'username')?.message).toBe('A user with that username already exists.');
  });
});
