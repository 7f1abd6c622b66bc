/**
 * A client that gives up in the middle of an upload (a closed tab, a lost connection) is no server
 * failure: the log says "client aborted the upload" once, at warn level, never "Unhandled error",
 * and nothing is written (no row, no file under DATA_DIR/uploads).
 */
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';

let t: TestApp;
let admin: Record<string, string>;
let port: number;
const lines: string[] = [];
const log = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const entries = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; url?: string });
const refs = { department: '', category: '', language: '' };

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: log });
  await createUser(t.db, { username: 'root', role: 'SUPER USER' });
  admin = bearer((await signIn(t.app, 'root')).access);
  refs.department = String((await postJson(t.app, '/admin-departments/', { name: 'Science' }, admin)).json<{ id: number }>().id);
  refs.category = String((await postJson(t.app, '/categories/', { name: 'Physics' }, admin)).json<{ id: number }>().id);
  refs.language = String((await postJson(t.app, '/language/', { name: 'English' }, admin)).json<{ id: number }>().id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(async () => t.close());

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else found.push(full);
  }
  return found;
}

async function count(table: 'books' | 'users'): Promise<number> {
  const { n } = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** Sends the headers and the first `fraction` of a multipart body over a raw socket, then drops the connection. */
async function abandon(url: string, body: { payload: Buffer; headers: Record<string, string> }, fraction: number): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const head = [
    `POST ${url} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: ${admin['authorization']}`,
    `Content-Type: ${body.headers['content-type']}`,
    `Content-Length: ${body.payload.length}`,
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  socket.write(body.payload.subarray(0, Math.floor(body.payload.length * fraction)));
  // Give the server time to start reading the parts before the client goes away.
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.destroy();
}

async function abortLines(before: number): Promise<{ level: number; msg: string }[]> {
  for (let i = 0; i < 40; i++) {
    const found = entries().slice(before).filter((entry) => entry.msg === 'client aborted the upload');
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

const bigCover = Buffer.concat([PNG, Buffer.alloc(400 * 1024, 1)]);
const csv = Buffer.from(
  ['title,author,publisher,isbn,total_copies,category,department,language,rack_no', ...Array.from({ length: 3000 }, (_, i) => `Book ${i},Author,Press,97803064${String(i).padStart(5, '0')}0,1,Physics,Science,English,R-1`)].join('\n'),
);

describe('an upload abandoned mid-body', () => {
  test.each([
    ['a book with a cover, cut in the cover', '/books/books/', () =>
      multipart(
        { title: 'Half sent', author: 'A', isbn: '9780306406157', publisher: 'P', total_copies: '1', rack_no: 'R', department: refs.department, category: refs.category, language: refs.language },
        { cover_photo: { filename: 'cover.png', content: bigCover, contentType: 'image/png' } },
      ), 0.5, 'books'],
    ['a member with a photo, cut in the photo', '/auth/Single-Member-Register/', () =>
      multipart({ username: 'half.member', email: 'half@example.test', first_name: 'Half', last_name: 'Sent' }, { profile_photo: { filename: 'me.png', content: bigCover, contentType: 'image/png' } }), 0.5, 'users'],
    ['a book, cut in its fields', '/books/books/', () => multipart({ title: 'Half sent', author: 'A'.repeat(2000), isbn: '9780306406157' }), 0.4, 'books'],
    ['a CSV import, cut in the file', '/books/bulk-upload/', () => multipart({}, { file: { filename: 'books.csv', content: csv, contentType: 'text/csv' } }), 0.5, 'books'],
  ] as const)('%s: logged as a client abort, not an error; nothing written', async (_name, url, body, fraction, table) => {
    const before = lines.length;
    const rows = await count(table);
    await abandon(url, body(), fraction);
    const aborts = await abortLines(before);
    const after = entries().slice(before);
    expect(after.filter((entry) => entry.msg === 'Unhandled error' || entry.level >= 50)).toEqual([]);
    expect(aborts).toHaveLength(1);
    expect(aborts[0]!.level).toBe(40);
    expect(await count(table)).toBe(rows);
    expect(await filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
  });
});
