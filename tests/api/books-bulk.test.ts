import { Readable } from 'node:stream';
import { beforeAll, describe, expect, test } from 'vitest';
import { isbnCheckDigit } from '#shared/isbn';
import { access, bearer, createUser, postJson, signIn, startTestApp, t, useSignedInApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';

useSignedInApp({}, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

beforeAll(async () => {
  await postJson(t.app, '/admin-departments/', { name: 'Science' }, bearer(access['admin']!));
  await postJson(t.app, '/categories/', { name: 'Physics' }, bearer(access['admin']!));
  await postJson(t.app, '/language/', { name: 'English' }, bearer(access['admin']!));
});

let serial = 200000;
/** A fresh valid ISBN-13. */
const nextIsbn = (): string => {
  const body = `978${String(serial++).padStart(9, '0')}`;
  return body + isbnCheckDigit(body);
};

const HEADER = 'title,author,publisher,isbn,total_copies,category,department,language,edition,rack_no,shelf_location,brief_description';

type Cells = Partial<Record<'title' | 'author' | 'publisher' | 'isbn' | 'total_copies' | 'category' | 'department' | 'language' | 'edition' | 'rack_no' | 'shelf_location' | 'brief_description', string>>;

/** One CSV line in the template's column order; values quoted when needed. */
const line = (over: Cells = {}): string => {
  const cells: Required<Cells> = {
    title: 'Six Easy Pieces',
    author: 'Richard P. Feynman',
    publisher: 'Basic Books',
    isbn: nextIsbn(),
    total_copies: '3',
    category: 'Physics',
    department: 'Science',
    language: 'English',
    edition: '1st',
    rack_no: 'P-01',
    shelf_location: 'Shelf 2',
    brief_description: 'Lectures on physics.',
    ...over,
  };
  return Object.values(cells)
    .map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
    .join(',');
};

const upload = (content: string | Buffer, { token = access['desk'], filename = 'books.csv', fields = {} as Record<string, string> } = {}) => {
  const body = multipart(fields, { file: { filename, content: typeof content === 'string' ? Buffer.from(content) : content, contentType: 'text/csv' } });
  return t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
};

const bookByIsbn = (isbn: string) => t.db.selectFrom('books').selectAll().where('isbn', '=', isbn).executeTakeFirst();

describe('POST /books/bulk-upload/', () => {
  test('imports good rows with available copies equal to total copies and the description as specification_description', async () => {
    const isbn = nextIsbn();
    const hyphenated = `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 12)}-${isbn.slice(12)}`;
    const csv = `\uFEFF${HEADER}\r\n${line({ isbn: hyphenated, total_copies: '4', title: 'Feynman, Vol. "1"' })}\r\n\r\n${line({ category: 'PHYSICS', department: 'science', language: ' english ' })}\r\n`;
    const response = await upload(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: '2 books uploaded.', imported: 2, errors: [], error_count: 0 });
    const book = await bookByIsbn(isbn);
    expect(book).toMatchObject({ title: 'Feynman, Vol. "1"', total_copies: 4, available_copies: 4, status: 'ACTIVE', specification_description: 'Lectures on physics.', edition: '1st', rack_no: 'P-01', shelf_location: 'Shelf 2' });
    const list = await t.app.inject({ method: 'GET', url: `/books/books/?search=${isbn}`, headers: bearer(access['desk']!) });
    expect(list.json()[0]).toMatchObject({ isbn, category: { name: 'Physics' }, department: { name: 'Science' }, language: { name: 'English' }, available_copies: 4 });
  });

  test('takes the columns in any order and letter case, without the optional ones', async () => {
    const isbn = nextIsbn();
    const csv = `ISBN, Rack_No ,Title,Author,Publisher,Total_Copies,Category,Department,Language\n${isbn},R-9,Reordered,An Author,A Publisher,2,Physics,Science,English\n`;
    const response = await upload(csv);
    expect(response.json()).toMatchObject({ imported: 1, errors: [] });
    expect(await bookByIsbn(isbn)).toMatchObject({ title: 'Reordered', rack_no: 'R-9', edition: null, shelf_location: null, specification_description: null });
  });

  test('reads the original system’s specification_description column as the brief description', async () => {
    const isbn = nextIsbn();
    const csv = `title,author,isbn,publisher,edition,total_copies,rack_no,shelf_location,specification_description,category,department,language\nOld Export,Someone,${isbn},Pub,2nd,1,R-1,S-1,From the old system,Physics,Science,English\n`;
    expect((await upload(csv)).json()).toMatchObject({ imported: 1 });
    expect(await bookByIsbn(isbn)).toMatchObject({ specification_description: 'From the old system' });
  });

  test('rejects each bad row with its reason and imports the rest', async () => {
    const good = nextIsbn();
    const rows = [
      line({ isbn: good }), // 1
      line({ title: '' }), // 2
      line({ isbn: '9780306406158' }), // 3 bad checksum
      line({ total_copies: 'three' }), // 4
      line({ total_copies: '0' }), // 5
      line({ total_copies: '100001' }), // 6
      line({ category: 'Alchemy' }), // 7
      line({ department: 'Astrology' }), // 8
      line({ language: 'Klingon' }), // 9
      line({ rack_no: ' ' }), // 10
      line({ brief_description: 'x'.repeat(101) }), // 11
      line({ author: '', publisher: '' }), // 12
      '"Unclosed,quote', // 13
    ];
    const response = await upload(`${HEADER}\n${rows.join('\n')}\n`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.detail).toBe('1 book uploaded.');
    expect(body.imported).toBe(1);
    expect(body.errors).toEqual([
      { row: 2, field: 'title', message: 'This field may not be blank.' },
      { row: 3, field: 'isbn', message: 'Enter a valid ISBN-10 or ISBN-13.' },
      { row: 4, field: 'total_copies', message: 'A valid integer is required.' },
      { row: 5, field: 'total_copies', message: 'Ensure this value is greater than or equal to 1.' },
      { row: 6, field: 'total_copies', message: 'Ensure this value is less than or equal to 100000.' },
      { row: 7, field: 'category', message: 'Unknown category "Alchemy".' },
      { row: 8, field: 'department', message: 'Unknown department "Astrology".' },
      { row: 9, field: 'language', message: 'Unknown language "Klingon".' },
      { row: 10, field: 'rack_no', message: 'This field may not be blank.' },
      { row: 11, field: 'brief_description', message: 'Ensure this field has no more than 100 characters.' },
      { row: 12, field: 'author', message: 'This field may not be blank.' },
      { row: 12, field: 'publisher', message: 'This field may not be blank.' },
      { row: 13, field: null, message: 'Malformed row: a quoted value is not closed.' },
    ]);
    expect(await bookByIsbn(good)).toBeDefined();
    expect(await t.db.selectFrom('categories').select('id').where('name', '=', 'Alchemy').executeTakeFirst()).toBeUndefined();
  });

  test('refuses a second row with the same ISBN (naming the first) and ISBNs the catalogue has', async () => {
    const isbn = nextIsbn();
    const first = await upload(`${HEADER}\n${line({ isbn })}\n`);
    expect(first.json().imported).toBe(1);
    const again = nextIsbn();
    const isbn10 = '0-306-40615-2';
    const response = await upload(`${HEADER}\n${line({ isbn: again })}\n${line({ isbn })}\n${line({ isbn: again.slice(0, 3) + '-' + again.slice(3) })}\n${line({ isbn: isbn10 })}\n${line({ isbn: '0306406152' })}\n`);
    expect(response.json()).toEqual({
      detail: '2 books uploaded.',
      imported: 2,
      errors: [
        { row: 2, field: 'isbn', message: 'book with this isbn already exists.' },
        { row: 3, field: 'isbn', message: 'Duplicate ISBN in this file (first on row 1).' },
        { row: 5, field: 'isbn', message: 'Duplicate ISBN in this file (first on row 4).' },
      ],
      error_count: 3,
    });
    expect(await bookByIsbn('0306406152')).toBeDefined();
  });

  test('rejects a header without the required columns whole, naming them, and imports nothing', async () => {
    const isbn = nextIsbn();
    const response = await upload(`title,author,publisher,isbn,total_copies,category,language,edition\n${['Lost', 'A', 'P', isbn, '1', 'Physics', 'English', '1st'].join(',')}\n`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Missing columns: department, rack_no.' });
    expect(await bookByIsbn(isbn)).toBeUndefined();
  });

  test('answers 0 books for a header without rows', async () => {
    expect((await upload(`${HEADER}\n\n`)).json()).toEqual({ detail: '0 books uploaded.', imported: 0, errors: [], error_count: 0 });
  });

  test('creates missing categories, departments and languages with create_missing=true', async () => {
    const isbns = [nextIsbn(), nextIsbn(), nextIsbn()];
    const csv = `${HEADER}\n${line({ isbn: isbns[0], category: 'Astronomy', department: 'Space Studies', language: 'Latin' })}\n${line({ isbn: isbns[1], category: 'astronomy', language: 'LATIN' })}\n${line({ isbn: isbns[2], title: '', category: 'Never Made' })}\n`;
    const response = await upload(csv, { fields: { create_missing: 'true' } });
    expect(response.json()).toEqual({ detail: '2 books uploaded.', imported: 2, errors: [{ row: 3, field: 'title', message: 'This field may not be blank.' }], error_count: 1 });
    const categories = (await t.db.selectFrom('categories').select('name').execute()).map((c) => c.name);
    expect(categories).toContain('Astronomy');
    expect(categories).not.toContain('astronomy');
    expect(categories).not.toContain('Never Made');
    const languages = (await t.db.selectFrom('languages').select('name').execute()).map((c) => c.name);
    expect(languages.filter((n) => n.toLowerCase() === 'latin')).toEqual(['Latin']);
    const a = await bookByIsbn(isbns[0]!);
    const b = await bookByIsbn(isbns[1]!);
    expect(a!.category_id).toBe(b!.category_id);
    expect(a!.language_id).toBe(b!.language_id);
  });

  test('writes one audit entry per import with who and the counts', async () => {
    const before = (await t.db.selectFrom('audit_log').select('id').where('action', '=', 'BOOKS_IMPORTED').execute()).length;
    await upload(`${HEADER}\n${line()}\n${line({ title: '' })}\n`, { token: access['admin'] });
    const entries = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'BOOKS_IMPORTED').orderBy('id').execute();
    expect(entries.length).toBe(before + 1);
    const entry = entries.at(-1)!;
    const admin = await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(entry.user_id).toBe(admin.id);
    expect(JSON.parse(entry.after!)).toMatchObject({ file: 'books.csv', rows: 2, imported: 1, rejected: 1, complete: true });
  });

  test('refuses members (403) and signed-out callers (401)', async () => {
    const isbn = nextIsbn();
    expect((await upload(`${HEADER}\n${line({ isbn })}\n`, { token: access['reader'] })).statusCode).toBe(403);
    expect((await upload(`${HEADER}\n${line({ isbn })}\n`, { token: '' })).statusCode).toBe(401);
    expect(await bookByIsbn(isbn)).toBeUndefined();
  });

  test('refuses a PNG named .csv, binary content, an empty file and no file at all', async () => {
    expect((await upload(PNG, { filename: 'books.csv' })).json()).toEqual({ file: ['Upload a valid CSV file.'] });
    expect((await upload(Buffer.from(`${HEADER}\n\0\0\0`))).json()).toEqual({ file: ['Upload a valid CSV file.'] });
    expect((await upload(Buffer.from([0x74, 0x69, 0xff, 0xfe, 0x0a]))).json()).toEqual({ file: ['Upload a valid CSV file.'] });
    expect((await upload('')).json()).toEqual({ file: ['The submitted file is empty.'] });
    const none = multipart({ create_missing: 'true' });
    const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: none.payload, headers: { ...none.headers, ...bearer(access['desk']!) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: ['No file was submitted.'] });
  });

  test('refuses a file over the configured size limit', async () => {
    const small = await startTestApp({ UPLOAD_CSV_MAX_BYTES: '1024' });
    try {
      await createUser(small.db, { username: 'boss', role: 'SUPER USER' });
      const token = (await signIn(small.app, 'boss')).access;
      const body = multipart({}, { file: { filename: 'big.csv', content: Buffer.from(`${HEADER}\n${line()}\n`.repeat(20)) } });
      const response = await small.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ file: ['File is too large (max 1 KB).'] });
    } finally {
      await small.close();
    }
  });

  test('imports 10,000 generated rows in batches', { timeout: 120_000 }, async () => {
    const lines = [HEADER];
    const first = serial;
    for (let i = 0; i < 10_000; i++) lines.push(line({ title: `Generated Title ${i}`, total_copies: String(1 + (i % 7)) }));
    lines.push(line({ isbn: `${first}` })); // one bad row at the end
    const started = performance.now();
    const response = await upload(`${lines.join('\n')}\n`);
    const seconds = (performance.now() - started) / 1000;
    console.log(`bulk import: 10,000 rows in ${seconds.toFixed(2)} s (${Math.round(10_000 / seconds)} rows/s)`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: '10000 books uploaded.', imported: 10_000, errors: [{ row: 10_001, field: 'isbn', message: 'Enter a valid ISBN-10 or ISBN-13.' }], error_count: 1 });
    const count = await t.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).where('title', 'like', 'Generated Title %').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10_000);
    const search = await t.app.inject({ method: 'GET', url: '/books/books/?search=Generated%20Title%209999', headers: bearer(access['desk']!) });
    expect(search.json().map((b: { title: string }) => b.title)).toEqual(['Generated Title 9999']);
  });

  describe('streaming', () => {
    /** The multipart body of `content` as a stream of 16 KB pieces (no Content-Length, so nothing is judged up front). */
    const streamed = (content: Buffer, fields: Record<string, string> = {}) => {
      const body = multipart(fields, { file: { filename: 'books.csv', content, contentType: 'text/csv' } });
      const sent = { bytes: 0 };
      function* pieces(): Generator<Buffer> {
        for (let i = 0; i < body.payload.length; i += 16 * 1024) {
          const piece = body.payload.subarray(i, i + 16 * 1024);
          sent.bytes += piece.length;
          yield piece;
        }
      }
      return { payload: Readable.from(pieces()), headers: body.headers, length: body.payload.length, sent };
    };
    const rows = (n: number, isbns: string[]): string[] =>
      Array.from({ length: n }, (_, i) => {
        const isbn = nextIsbn();
        isbns.push(isbn);
        return line({ isbn, title: `Streamed ${i + 1}` });
      });

    test('refuses create_missing sent after the file, importing nothing', async () => {
      const isbn = nextIsbn();
      const body = multipart({}, { file: { filename: 'books.csv', content: Buffer.from(`${HEADER}\n${line({ isbn, category: 'Late Category' })}\n`), contentType: 'text/csv' } });
      const boundary = body.headers['content-type']!.split('boundary=')[1]!;
      const payload = Buffer.concat([
        body.payload.subarray(0, body.payload.length - `--${boundary}--\r\n`.length),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="create_missing"\r\n\r\ntrue\r\n--${boundary}--\r\n`),
      ]);
      const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload, headers: { ...body.headers, ...bearer(access['desk']!) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ create_missing: ['Send create_missing before the file in the form: it arrived after the file had been read.'] });
      expect(await bookByIsbn(isbn)).toBeUndefined();
      expect(await t.db.selectFrom('categories').select('id').where('name', '=', 'Late Category').executeTakeFirst()).toBeUndefined();
    });

    test('refuses a 10 MB+ upload by its declared size before importing any of it', async () => {
      const isbns: string[] = [];
      const head = `${HEADER}\n${rows(600, isbns).join('\n')}\n`;
      const content = Buffer.concat([Buffer.from(head), Buffer.alloc(11 * 1024 * 1024 - head.length, '\n')]);
      const { payload, headers, length, sent } = streamed(content);
      const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload, headers: { ...headers, 'content-length': String(length), ...bearer(access['desk']!) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ file: ['File is too large (max 10 MB).'] });
      // Answered before the body was read (the server discards what is still coming).
      expect(sent.bytes).toBeLessThan(1024 * 1024);
      // Read as it came, its first 500 rows would have been saved before the limit was reached.
      expect(await bookByIsbn(isbns[0]!)).toBeUndefined();
    });

    test('a zero byte or bad UTF-8 in the middle stops the import; the answer counts the batches already saved', async () => {
      const isbns: string[] = [];
      const good = rows(1200, isbns);
      const after: string[] = [];
      const content = Buffer.concat([Buffer.from(`${HEADER}\n${good.join('\n')}\n`), Buffer.from([0x41, 0xff, 0x0a]), Buffer.from(`${rows(50, after).join('\n')}\n`)]);
      const { payload, headers } = streamed(content);
      const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload, headers: { ...headers, ...bearer(access['desk']!) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        file: ['Upload a valid CSV file.'],
        detail:
          'The import stopped part-way: 1000 books from rows 1–1000 were already imported and stay in the catalogue; nothing from row 1001 on was imported. Fix the file and upload it again (rows already imported will be refused as duplicates).',
        imported: 1000,
        errors: [],
        error_count: 0,
      });
      expect(await bookByIsbn(isbns[0]!)).toBeDefined();
      expect(await bookByIsbn(isbns[999]!)).toBeDefined();
      expect(await bookByIsbn(isbns[1000]!)).toBeUndefined();
      expect(await bookByIsbn(after[0]!)).toBeUndefined();
      const entry = await t.db.selectFrom('audit_log').select('after').where('action', '=', 'BOOKS_IMPORTED').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(JSON.parse(entry.after!)).toMatchObject({ rows: 1000, imported: 1000, complete: false, stopped: 'Upload a valid CSV file.' });
    });

    test('a bad byte before the first batch is saved refuses the file whole', async () => {
      const isbns: string[] = [];
      const content = Buffer.concat([Buffer.from(`${HEADER}\n${rows(300, isbns).join('\n')}\n`), Buffer.from([0x00]), Buffer.from(`${line()}\n`)]);
      const { payload, headers } = streamed(content);
      const response = await t.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload, headers: { ...headers, ...bearer(access['desk']!) } });
      expect(response.json()).toEqual({ file: ['Upload a valid CSV file.'] });
      expect(await bookByIsbn(isbns[0]!)).toBeUndefined();
    });

    test('an upload without a declared size that passes the limit stops there, saying what was saved; a later request still works', async () => {
      const isbns: string[] = [];
      const head = `${HEADER}\n`;
      const good = rows(1500, isbns);
      const limit = Buffer.byteLength(head + good.slice(0, 1250).join('\n'));
      const small = await startTestApp({ UPLOAD_CSV_MAX_BYTES: String(limit) });
      try {
        await createUser(small.db, { username: 'boss', role: 'SUPER USER' });
        const token = (await signIn(small.app, 'boss')).access;
        for (const [kind, name] of [['/admin-departments/', 'Science'], ['/categories/', 'Physics'], ['/language/', 'English']] as const) await postJson(small.app, kind, { name }, bearer(token));
        const { payload, headers } = streamed(Buffer.from(`${head}${good.join('\n')}\n`));
        const response = await small.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload, headers: { ...headers, ...bearer(token) } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ file: [expect.stringMatching(/^File is too large \(max /)], imported: 1000, errors: [] });
        expect(response.json().detail).toContain('nothing from row 1001 on was imported');
        const count = await small.db.selectFrom('books').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(1000);
        const again = multipart({}, { file: { filename: 'b.csv', content: Buffer.from(`${head}${line()}\n`), contentType: 'text/csv' } });
        const next = await small.app.inject({ method: 'POST', url: '/books/bulk-upload/', payload: again.payload, headers: { ...again.headers, ...bearer(token) } });
        expect(next.json()).toEqual({ detail: '1 book uploaded.', imported: 1, errors: [], error_count: 0 });
      } finally {
        await small.close();
      }
    });
  });
});

describe('bulk upload bounds', () => {
  test('a file of 100,000 one-letter rows answers a bounded list: the first 1,000 errors and the total count, and stops reading after 5,000 bad rows', async () => {
    const csv = `${HEADER}\n${'x\n'.repeat(100_000)}`;
    const response = await upload(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      file: ['More than 5,000 rows have errors, so the import stopped reading the file. Check that it is the right file and that its columns match the template.'],
    });
    expect(response.body.length).toBeLessThan(10_000);
  });

  test('under the bad-row limit every error is counted but only the first 1,000 are listed, in row order', async () => {
    const good = nextIsbn();
    const csv = `${HEADER}\n${line({ isbn: good })}\n${'x\n'.repeat(2_000)}`;
    const response = await upload(csv);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { imported: number; errors: { row: number }[]; error_count: number };
    expect(body.imported).toBe(1);
    expect(body.errors).toHaveLength(1_000);
    expect(body.error_count).toBeGreaterThan(2_000);
    expect(body.errors[0]!.row).toBe(2);
    expect(body.errors.map((e) => e.row)).toEqual([...body.errors.map((e) => e.row)].sort((a, b) => a - b));
  });
});
