import { afterAll, beforeAll, expect, test } from 'vitest';
import { compiledOnce } from '../../server/src/db/compiled-once.js';
import type { Db } from '../../server/src/db/schema.js';
import { createUser, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { username: 'ada', role: 'MANAGER' });
  await createUser(t.db, { username: 'grace', role: 'SUPER USER' });
});
afterAll(async () => t.close());

test('a query compiled once answers each call with that call’s parameters', async () => {
  const byName = compiledOnce((db: Db, username: string, role: string) =>
    db.selectFrom('users').select(['username', 'role']).where('username', '=', username).where('role', '=', role),
  );
  expect(await byName(t.db, 'ada', 'MANAGER')).toEqual([{ username: 'ada', role: 'MANAGER' }]);
  expect(await byName(t.db, 'grace', 'SUPER USER')).toEqual([{ username: 'grace', role: 'SUPER USER' }]);
  // The same name with another role: the second parameter is the call's own, not the first call's.
  expect(await byName(t.db, 'ada', 'SUPER USER')).toEqual([]);
  // Inside a transaction it runs on the transaction's connection.
  await t.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ first_name: 'Ada L.' }).where('username', '=', 'ada').execute();
    const names = compiledOnce((db: Db, username: string) => db.selectFrom('users').select('first_name').where('username', '=', username));
    expect(await names(trx, 'ada')).toEqual([{ first_name: 'Ada L.' }]);
  });
});

test('a builder that does not pass an argument as a parameter is refused, not run with a stand-in', async () => {
  const wrong = compiledOnce((db: Db, username: string) => db.selectFrom('users').select('username').where('username', '=', 'ada').$if(username === 'x', (q) => q));
  await expect(wrong(t.db, 'grace')).rejects.toThrow(/argument 1 is not a parameter/);
});
