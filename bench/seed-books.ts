/**
 * Fills the configured database (DATA_DIR's SQLite file, or DATABASE_URL) with N generated books:
 * valid unique ISBN-13s, spread over the existing categories, departments and languages (a few
 * are created when there are none). Multi-row inserts, one transaction per 5,000 rows.
 *   npm run seed:books -- 100000
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Insertable, type Kysely } from 'kysely';
import { loadConfig } from '../server/src/config.js';
import { createDb } from '../server/src/db/connection.js';
import { migrate } from '../server/src/db/migrations/index.js';
import type { BooksTable, Database } from '../server/src/db/schema.js';
import { nowIso } from '../server/src/db/values.js';
import { isbnCheckDigit } from '#shared/isbn';
import { CATEGORIES, DEPARTMENTS, ensureNamed, LANGUAGES } from '../server/src/modules/reference/service.js';

const TRANSACTION_ROWS = 5_000;

const ADJECTIVES = ['Silent', 'Hidden', 'Broken', 'Golden', 'Distant', 'Crimson', 'Quiet', 'Endless', 'Frozen', 'Burning', 'Lost', 'Ancient', 'Modern', 'Secret', 'Wild', 'Gentle', 'Bitter', 'Bright', 'Hollow', 'Northern'];
const NOUNS = ['River', 'Garden', 'Empire', 'Machine', 'Ocean', 'Mountain', 'Library', 'Kingdom', 'Forest', 'City', 'Winter', 'Harbour', 'Algorithm', 'Theorem', 'Voyage', 'Lantern', 'Archive', 'Frontier', 'Orchard', 'Tide'];
const SUBJECTS = ['Physics', 'Chemistry', 'History', 'Economics', 'Poetry', 'Biology', 'Philosophy', 'Mathematics', 'Design', 'Music', 'Law', 'Medicine', 'Astronomy', 'Geology', 'Linguistics'];
const FIRST = ['Amina', 'Bilal', 'Carmen', 'Daniel', 'Elif', 'Farah', 'George', 'Hana', 'Imran', 'Julia', 'Kenji', 'Laila', 'Mateo', 'Nadia', 'Omar', 'Priya', 'Quentin', 'Rosa', 'Samir', 'Tara', 'Usman', 'Vera', 'Wei', 'Yusuf', 'Zara'];
const LAST = ['Ahmed', 'Brown', 'Chen', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ivanova', 'Jensen', 'Khan', 'Lopez', 'Müller', 'Nakamura', 'Okafor', 'Petrov', 'Qureshi', 'Rossi', 'Singh', 'Tanaka', 'Usman', 'Verma', 'Williams', 'Yilmaz', 'Zhang', 'Malik', 'Novak', 'Santos', 'Kowalski', 'Björk'];
const PUBLISHERS = ['Penguin', 'Oxford University Press', 'Cambridge University Press', 'HarperCollins', 'Vintage', 'Springer', 'Wiley', 'Pearson', 'Macmillan', 'Routledge', 'Beacon House', 'Sang-e-Meel', 'Ferozsons', 'Faber & Faber', 'MIT Press'];
const FALLBACK = { departments: ['General', 'Science', 'Humanities'], categories: ['Fiction', 'Science', 'History', 'Reference'], languages: ['English', 'Urdu', 'Arabic'] };

/** A small deterministic generator, so two runs of a bench seed the same library. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function idsOrCreate(db: Kysely<Database>, table: 'departments' | 'categories' | 'languages', names: string[]): Promise<number[]> {
  const ids = (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
  if (ids.length > 0) return ids;
  const kind = table === 'departments' ? DEPARTMENTS : table === 'categories' ? CATEGORIES : LANGUAGES;
  for (const name of names) ids.push(await ensureNamed(db, kind, name));
  return ids;
}

export interface SeedReport {
  books: number;
  seconds: number;
}

/** Adds `count` generated books; `seed` picks the catalogue (same seed, same books). */
export async function seedBooks(db: Kysely<Database>, count: number, seed = 2026): Promise<SeedReport> {
  const started = performance.now();
  const departments = await idsOrCreate(db, 'departments', FALLBACK.departments);
  const categories = await idsOrCreate(db, 'categories', FALLBACK.categories);
  const languages = await idsOrCreate(db, 'languages', FALLBACK.languages);
  const taken = new Set((await db.selectFrom('books').select('isbn').execute()).map((r) => r.isbn));
  // Bound parameters per statement: SQLite allows 32,766, PostgreSQL 65,535; a row has 21.
  const rowsPerInsert = 1_000;
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const now = nowIso();
  let serial = Math.floor(rnd() * 100_000_000);

  const nextIsbn = (): string => {
    for (;;) {
      const body = `979${String(serial++ % 1_000_000_000).padStart(9, '0')}`;
      const isbn = body + isbnCheckDigit(body);
      if (!taken.has(isbn)) {
        taken.add(isbn);
        return isbn;
      }
    }
  };
  const book = (i: number): Insertable<BooksTable> => {
    const total = 1 + Math.floor(rnd() * 8);
    const title = rnd() < 0.5 ? `The ${pick(ADJECTIVES)} ${pick(NOUNS)}` : `${pick(SUBJECTS)} of the ${pick(ADJECTIVES)} ${pick(NOUNS)}`;
    return {
      title: `${title}${rnd() < 0.3 ? `, Volume ${1 + Math.floor(rnd() * 12)}` : ''}`,
      author: `${pick(FIRST)} ${pick(LAST)}`,
      isbn: nextIsbn(),
      department_id: pick(departments),
      category_id: pick(categories),
      language_id: pick(languages),
      publisher: pick(PUBLISHERS),
      edition: rnd() < 0.5 ? null : `${1 + Math.floor(rnd() * 5)}th`,
      total_copies: total,
      available_copies: Math.floor(rnd() * (total + 1)),
      rack_no: `RACK-${String(1 + (i % 400)).padStart(3, '0')}`,
      shelf_location: `Shelf ${String.fromCharCode(65 + (i % 26))}${1 + (i % 9)}`,
      date_of_entry: new Date(Date.UTC(2015, 0, 1) + Math.floor(rnd() * 4_000) * 86_400_000).toISOString().slice(0, 10),
      status: rnd() < 0.97 ? 'ACTIVE' : rnd() < 0.5 ? 'LOST' : 'WRITE_OFF',
      status_reason: null,
      price: 10_000 + Math.floor(rnd() * 500_000),
      specification_description: null,
      detailed_description: null,
      ebook_file: null,
      created_at: now,
      updated_at: now,
    };
  };

  let done = 0;
  while (done < count) {
    const inThisTransaction = Math.min(TRANSACTION_ROWS, count - done);
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < inThisTransaction; start += rowsPerInsert) {
        const rows: Insertable<BooksTable>[] = [];
        for (let k = start; k < Math.min(start + rowsPerInsert, inThisTransaction); k++) rows.push(book(done + k));
        await trx.insertInto('books').values(rows).execute();
      }
    });
    done += inThisTransaction;
  }
  return { books: count, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const arg = process.argv[2] ?? '100000';
  const count = Number(arg.replace(/[_,]/g, ''));
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) {
    console.error('Usage: npm run seed:books -- <number of books, e.g. 100000>');
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const db = createDb(config);
  try {
    await migrate(db);
    const report = await seedBooks(db, count);
    const where = config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'library.db');
    console.log(`Added ${report.books.toLocaleString('en')} books in ${report.seconds.toFixed(1)} s (${Math.round(report.books / report.seconds).toLocaleString('en')} rows/s). Database: ${where}`);
  } finally {
    await db.destroy();
  }
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}

/**
 * Gives every seeded title without copies its copies, set-based (a few statements for hundreds of
 * thousands of copies): `perTitle` each (default: the title's `total_copies`), numbered
 * BENCH-<book>-<n>; with `onLoanEvery` every n-th copy is ON_LOAN (no loan row: enough for the
 * benches that only read copies). Then each title's counts are read from its copies, as the server
 * keeps them. Answers how many copies the library has.
 */
export async function seedCopies(db: Kysely<Database>, { perTitle, onLoanEvery }: { perTitle?: number; onLoanEvery?: number } = {}): Promise<number> {
  const now = nowIso();
  const upTo = perTitle === undefined ? sql`b.total_copies` : sql`${perTitle}`;
  const status = onLoanEvery === undefined ? sql`'AVAILABLE'` : sql`case when (b.id + seq.i) % ${onLoanEvery} = 0 then 'ON_LOAN' else 'AVAILABLE' end`;
  await sql`
    insert into copies (book_id, copy_no, accession_no, barcode, shelf_location, acquired_on, status, created_at, updated_at)
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${perTitle ?? sql`(select coalesce(max(total_copies), 0) from books)`})
    select b.id, seq.i, 'BENCH-' || b.id || '-' || seq.i, 'BENCH-' || b.id || '-' || seq.i, b.shelf_location, b.date_of_entry, ${status}, ${now}, ${now}
    from books b join seq on seq.i <= ${upTo}
    where not exists (select 1 from copies c where c.book_id = b.id)`.execute(db);
  await sql`
    update books set
      total_copies = (select count(*) from copies c where c.book_id = books.id and c.status not in ('WITHDRAWN', 'LOST', 'MISSING')),
      available_copies = (select count(*) from copies c where c.book_id = books.id and c.status = 'AVAILABLE')`.execute(db);
  const { n } = await db.selectFrom('copies').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
