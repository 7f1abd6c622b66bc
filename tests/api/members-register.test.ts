import { beforeAll, describe, expect, test } from 'vitest';
import { access, bearer, pathOf, postJson, signIn, t, useSignedInApp } from './support/harness.js';
import { multipart, PDF, PNG } from './support/multipart.js';

let departmentId = 0;
let sessionId = 0;

useSignedInApp({ API_PUBLIC_URL: 'http://api.test', LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

beforeAll(async () => {
  departmentId = (await t.db.insertInto('departments').values({ name: 'Physics' }).returning('id').executeTakeFirstOrThrow()).id;
  sessionId = (await t.db.insertInto('academic_sessions').values({ session_range: '2024-2028' }).returning('id').executeTakeFirstOrThrow()).id;
});

const register = (fields: Record<string, string>, files = {}, token = access['desk']!) => {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/auth/Single-Member-Register/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};

const userCount = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('staff registration of one member', () => {
  test('creates an active, verified member with his profile and photo; the welcome mail has a set-password link and no password', async () => {
    const since = t.mail.messages.length;
    const created = await register(
      {
        username: 'sana', email: 'Sana@Example.test', first_name: 'Sana', last_name: 'Malik', password: 'Quiet-Stacks-2026',
        mobile_number: '+92 300 1234567', cnic: '3520212345671', department: String(departmentId), session: String(sessionId),
        registration_id: 'REG-2024/001', shift: 'night', security_fee: '500', class_name: 'BS', roll_no: '17',
      },
      { profile_photo: { filename: 'me.png', content: PNG } },
    );
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ username: 'sana', email: 'Sana@Example.test', role: 'MEMBER', member_id: expect.stringMatching(/^MBR-/), profile_photo: expect.stringMatching(/^http:\/\/api\.test\/media\/profiles\//) });
    expect(JSON.stringify(body)).not.toMatch(/password|Quiet-Stacks/);

    const profile = (await t.app.inject({ method: 'GET', url: `/users/members/${body.id}/profile/`, headers: bearer(access['desk']!) })).json();
    expect(profile).toMatchObject({
      is_active: true, is_verified: true, cnic: '35202-1234567-1', shift: 'NIGHT', security_fee: '500.00', registration_id: 'REG-2024/001',
      department: departmentId, department_name: 'Physics', session: sessionId, session_name: '2024-2028',
    });

    const mail = await t.mail.waitFor('Sana@Example.test', { since });
    expect(mail.text).not.toContain('Quiet-Stacks-2026');
    expect(mail.html).not.toContain('Quiet-Stacks-2026');
    const link = mail.links.find((l) => l.includes('/reset-password/'));
    expect(link).toMatch(/^http:\/\/site\.test\/reset-password\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{43}$/);
    // The link sets the password through the reset-password flow, once.
    const [, , uid, token] = pathOf(link!).split('/');
    const reset = await postJson(t.app, `/auth/reset-password/${uid}/${token}/`, { password: 'Chosen-By-Sana-1', confirm_password: 'Chosen-By-Sana-1' });
    expect(reset.statusCode).toBe(200);
    await signIn(t.app, 'sana', 'Chosen-By-Sana-1');
    const audit = await t.db.selectFrom('audit_log').select(['after']).where('action', '=', 'MEMBER_REGISTERED').executeTakeFirstOrThrow();
    expect(audit.after).not.toContain('Quiet-Stacks');
  });

  test('without a password the member still gets the link and nobody knows his password', async () => {
    const created = await register({ username: 'omar', email: 'omar@example.test', first_name: 'Omar', last_name: 'Ali' });
    expect(created.statusCode).toBe(201);
    expect(created.json().profile_photo).toBeNull();
  });

  test.each([
    [{ username: 'SANA' }, 'username', 'A user with that username already exists.'],
    [{ email: 'sana@EXAMPLE.TEST' }, 'email', 'A user with that email already exists.'],
    [{ cnic: '35202-12345671' }, 'cnic', 'Enter a valid CNIC: 13 digits, with or without dashes (12345-1234567-1).'],
    [{ cnic: '352021234567' }, 'cnic', 'Enter a valid CNIC: 13 digits, with or without dashes (12345-1234567-1).'],
    [{ mobile_number: '12345' }, 'mobile_number', 'Enter a valid mobile number: 10 to 15 digits, optionally starting with + (spaces and dashes allowed).'],
    [{ registration_id: 'reg-2024/001' }, 'registration_id', 'member profile with this registration id already exists.'],
    [{ registration_id: 'bad id' }, 'registration_id', 'Enter a valid registration id: up to 50 letters, digits and - / . _ characters.'],
    [{ shift: 'EVENING' }, 'shift', '"EVENING" is not a valid choice.'],
    [{ department: '9999' }, 'department', 'Invalid pk "9999" - object does not exist.'],
    [{ plan: '9999' }, 'plan', 'Invalid pk "9999" - object does not exist.'],
    [{ email: 'not-an-address' }, 'email', 'Enter a valid email address.'],
    [{ username: 'bad name!' }, 'username', 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'],
    [{ security_fee: '-5' }, 'security_fee', 'Ensure this value is greater than or equal to 0.'],
    [{ first_name: '' }, 'first_name', 'This field may not be blank.'],
  ])('refuses %j with the field message and writes nothing', async (override, field, message) => {
    const before = await userCount();
    const fields = { username: 'newbie', email: 'newbie@example.test', first_name: 'New', last_name: 'Bie', ...override };
    const refused = await register(fields);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[field]).toEqual([message]);
    expect(await userCount()).toBe(before);
  });

  test('reports every missing required field at once; a PDF is no photo', async () => {
    const refused = await register({}, { profile_photo: { filename: 'x.png', content: PDF } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json()).sort()).toEqual(['email', 'first_name', 'last_name', 'profile_photo', 'username']);
  });

  test('needs add_members: a member is refused', async () => {
    expect((await register({ username: 'x1', email: 'x1@example.test', first_name: 'X', last_name: 'Y' }, {}, access['reader'])).statusCode).toBe(403);
  });
});
