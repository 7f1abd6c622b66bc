/**
 * The shared CSV import core on a template that is not the book one (as the members import will
 * use it): rows by column, chunk boundaries anywhere, the file refusals, and the capped error list.
 */
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../server/src/errors';
import { CSV_MESSAGES, CsvRowReader } from '../../../server/src/modules/imports/csv-rows';
import { MAX_LISTED_ERRORS, RowErrors } from '../../../server/src/modules/imports/row-errors';

type Column = 'email' | 'name' | 'phone';
const TEMPLATE = { columns: ['email', 'name', 'phone'] as const, required: ['email', 'name'] as const, aliases: { mail: 'email' as const } };

/** Reads `text` split into chunks of `size` bytes; returns the rows seen (null for a malformed one). */
async function read(text: string | Buffer, size = 7, maxBytes = 1_000_000): Promise<(Record<Column, string> | null)[]> {
  const rows: (Record<Column, string> | null)[] = [];
  const reader = new CsvRowReader<Column>(TEMPLATE, maxBytes, async (row, malformed) => {
    rows.push(malformed ? null : row);
  });
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) await reader.push(bytes.subarray(i, i + size));
  await reader.end();
  return rows;
}

/** The body of the 400 a file is refused with. */
async function refusal(text: string | Buffer, maxBytes?: number): Promise<Record<string, unknown>> {
  try {
    await read(text, 5, maxBytes);
  } catch (error) {
    if (error instanceof ApiError) return error.body;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('CsvRowReader', () => {
  test.each([1, 2, 3, 7, 64])('reads rows by column with chunks of %i bytes, across multi-byte characters', async (size) => {
    const rows = await read('\uFEFFName,MAIL\r\nZoë Ñúñez,zoe@example.test\r\n\r\n"Smith, Ann",ann@example.test\r\n', size);
    expect(rows).toEqual([
      { email: 'zoe@example.test', name: 'Zoë Ñúñez', phone: '' },
      { email: 'ann@example.test', name: 'Smith, Ann', phone: '' },
    ]);
  });

  test('a template column wins over an alias naming the same column', async () => {
    expect(await read('mail,email,name\nold@x.test,new@x.test,A\n')).toEqual([{ email: 'new@x.test', name: 'A', phone: '' }]);
  });

  test('a quoted value never closed is a malformed row', async () => {
    expect(await read('email,name\na@x.test,"Ann\n')).toEqual([null]);
  });

  test.each([
    ['a header without a required column', 'email,phone\na@x.test,1\n', { detail: 'Missing columns: name.' }],
    ['an empty file', '', { file: [CSV_MESSAGES.empty] }],
    ['blank lines only', '\n\n  \n', { file: [CSV_MESSAGES.empty] }],
    ['a zero byte', 'email,name\na@x.test,A\u0000\n', { file: [CSV_MESSAGES.invalid] }],
    ['a PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 65)]), { file: [CSV_MESSAGES.invalid] }],
    ['bytes that are not UTF-8', Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x2c, 0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x2c, 0x41, 0x0a]), { file: [CSV_MESSAGES.invalid] }],
  ] as const)('refuses %s', async (_name, text, body) => {
    expect(await refusal(text as string | Buffer)).toEqual(body);
  });

  test('refuses a file over the limit as soon as it passes it', async () => {
    const body = await refusal(`email,name\n${'a@x.test,A\n'.repeat(100)}`, 200);
    expect(body).toEqual({ file: ['File is too large (max 200 bytes).'] });
  });
});

describe('RowErrors', () => {
  test('lists errors by row, then by template column, with whole-row problems first', () => {
    const errors = new RowErrors(TEMPLATE.columns);
    errors.push({ row: 2, field: 'phone', message: 'c' }, { row: 2, field: 'email', message: 'a' }, { row: 1, field: 'name', message: 'x' }, { row: 2, field: null, message: 'row' });
    expect(errors.list().map((e) => `${e.row}:${e.field}`)).toEqual(['1:name', '2:null', '2:email', '2:phone']);
    expect(errors.list(1)).toHaveLength(1);
  });

  test('keeps the first errors and counts them all, however many arrive', () => {
    const errors = new RowErrors(TEMPLATE.columns);
    for (let row = 10_000; row >= 1; row -= 1) errors.push({ row, field: 'email', message: 'bad' });
    expect(errors.length).toBe(10_000);
    const listed = errors.list();
    expect(listed).toHaveLength(MAX_LISTED_ERRORS);
    expect(listed[0]!.row).toBe(1);
    expect(listed.at(-1)!.row).toBe(MAX_LISTED_ERRORS);
  });
});
