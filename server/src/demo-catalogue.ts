/**
 * The demo catalogue for seed-demo: categories, languages, about 60 well-known books and about
 * 240 generated but plausible ones (word lists per category), all with valid ISBN-13s of the demo
 * range, spread over the demo departments, each with a generated PNG cover stored through the
 * media store exactly like an uploaded cover. Idempotent: a book whose ISBN exists is left alone,
 * and a demo book without a cover gets one. Fast (a few hundred ms): multi-row inserts, covers
 * that compress to a few KB (rows change little from one to the next).
 */
import { deflateSync } from 'node:zlib';
import type { Db } from './db/schema.js';
import { addDays } from '#shared/dates';
import { nowIso } from './db/values.js';
import { isbnCheckDigit } from '#shared/isbn';
import { CATEGORIES, ensureNamed, LANGUAGES } from './modules/reference/service.js';
import { addCopiesToTitles } from './modules/copies/stock.js';
import { replaceFiles, type MediaStore, type StoredFile } from './storage/service.js';

export const DEMO_CATEGORIES = ['Fiction', 'Science', 'Computing', 'Mathematics', 'History', 'Poetry'];
export const DEMO_LANGUAGES = ['English', 'Urdu', 'Arabic', 'French'];

/** [title, author, publisher, category index, language index, department index]. */
const DEMO_BOOKS: readonly [string, string, string, number, number, number][] = [
  ['Pride and Prejudice', 'Jane Austen', 'Penguin Classics', 0, 0, 2],
  ['Emma', 'Jane Austen', 'Penguin Classics', 0, 0, 2],
  ['Persuasion', 'Jane Austen', 'Penguin Classics', 0, 0, 2],
  ['Great Expectations', 'Charles Dickens', 'Penguin Classics', 0, 0, 2],
  ['A Tale of Two Cities', 'Charles Dickens', 'Oxford University Press', 0, 0, 2],
  ['Bleak House', 'Charles Dickens', 'Oxford University Press', 0, 0, 2],
  ['Middlemarch', 'George Eliot', 'Penguin Classics', 0, 0, 2],
  ['Jane Eyre', 'Charlotte Brontë', 'Penguin Classics', 0, 0, 2],
  ['Wuthering Heights', 'Emily Brontë', 'Penguin Classics', 0, 0, 2],
  ['Moby-Dick', 'Herman Melville', 'Penguin Classics', 0, 0, 2],
  ['Nineteen Eighty-Four', 'George Orwell', 'Secker & Warburg', 0, 0, 2],
  ['Animal Farm', 'George Orwell', 'Secker & Warburg', 0, 0, 2],
  ['To the Lighthouse', 'Virginia Woolf', 'Hogarth Press', 0, 0, 2],
  ['Things Fall Apart', 'Chinua Achebe', 'Heinemann', 0, 0, 2],
  ['Les Misérables', 'Victor Hugo', 'Gallimard', 0, 3, 2],
  ['Madame Bovary', 'Gustave Flaubert', 'Gallimard', 0, 3, 2],
  ['Le Petit Prince', 'Antoine de Saint-Exupéry', 'Gallimard', 0, 3, 2],
  ['Umrao Jaan Ada', 'Mirza Hadi Ruswa', 'Sang-e-Meel', 0, 1, 2],
  ['Aag Ka Darya', 'Qurratulain Hyder', 'Sang-e-Meel', 0, 1, 2],
  ['Raja Gidh', 'Bano Qudsia', 'Sang-e-Meel', 0, 1, 2],
  ['A Brief History of Time', 'Stephen Hawking', 'Bantam', 1, 0, 0],
  ['The Selfish Gene', 'Richard Dawkins', 'Oxford University Press', 1, 0, 0],
  ['On the Origin of Species', 'Charles Darwin', 'John Murray', 1, 0, 0],
  ['The Double Helix', 'James D. Watson', 'Atheneum', 1, 0, 0],
  ['Cosmos', 'Carl Sagan', 'Random House', 1, 0, 0],
  ['Six Easy Pieces', 'Richard P. Feynman', 'Basic Books', 1, 0, 0],
  ['The Structure of Scientific Revolutions', 'Thomas S. Kuhn', 'University of Chicago Press', 1, 0, 0],
  ['Silent Spring', 'Rachel Carson', 'Houghton Mifflin', 1, 0, 0],
  ['The Elegant Universe', 'Brian Greene', 'W. W. Norton', 1, 0, 0],
  ['The Gene: An Intimate History', 'Siddhartha Mukherjee', 'Scribner', 1, 0, 0],
  ['Structure and Interpretation of Computer Programs', 'Harold Abelson; Gerald Jay Sussman', 'MIT Press', 2, 0, 0],
  ['The C Programming Language', 'Brian W. Kernighan; Dennis M. Ritchie', 'Prentice Hall', 2, 0, 0],
  ['Introduction to Algorithms', 'Thomas H. Cormen et al.', 'MIT Press', 2, 0, 0],
  ['The Art of Computer Programming, Vol. 1', 'Donald E. Knuth', 'Addison-Wesley', 2, 0, 0],
  ['Design Patterns', 'Erich Gamma et al.', 'Addison-Wesley', 2, 0, 0],
  ['The Pragmatic Programmer', 'Andrew Hunt; David Thomas', 'Addison-Wesley', 2, 0, 0],
  ['Clean Code', 'Robert C. Martin', 'Prentice Hall', 2, 0, 0],
  ['Code Complete', 'Steve McConnell', 'Microsoft Press', 2, 0, 0],
  ['Compilers: Principles, Techniques, and Tools', 'Alfred V. Aho et al.', 'Addison-Wesley', 2, 0, 0],
  ['Computer Networks', 'Andrew S. Tanenbaum', 'Pearson', 2, 0, 0],
  ['Operating System Concepts', 'Abraham Silberschatz et al.', 'Wiley', 2, 0, 0],
  ['Database System Concepts', 'Abraham Silberschatz et al.', 'McGraw-Hill', 2, 0, 0],
  ['Calculus', 'Michael Spivak', 'Publish or Perish', 3, 0, 1],
  ['Linear Algebra Done Right', 'Sheldon Axler', 'Springer', 3, 0, 1],
  ['Principles of Mathematical Analysis', 'Walter Rudin', 'McGraw-Hill', 3, 0, 1],
  ['How to Solve It', 'George Pólya', 'Princeton University Press', 3, 0, 1],
  ['Concrete Mathematics', 'Ronald L. Graham et al.', 'Addison-Wesley', 3, 0, 1],
  ['Topology', 'James R. Munkres', 'Pearson', 3, 0, 1],
  ['Abstract Algebra', 'David S. Dummit; Richard M. Foote', 'Wiley', 3, 0, 1],
  ['Probability Theory: The Logic of Science', 'E. T. Jaynes', 'Cambridge University Press', 3, 0, 1],
  ['The Histories', 'Herodotus', 'Penguin Classics', 4, 0, 2],
  ['The Muqaddimah', 'Ibn Khaldun', 'Princeton University Press', 4, 0, 2],
  ['Muqaddimat Ibn Khaldun', 'Ibn Khaldun', 'Dar al-Fikr', 4, 2, 2],
  ['Guns, Germs, and Steel', 'Jared Diamond', 'W. W. Norton', 4, 0, 2],
  ['The Discovery of India', 'Jawaharlal Nehru', 'Oxford University Press', 4, 0, 2],
  ['SPQR: A History of Ancient Rome', 'Mary Beard', 'Profile Books', 4, 0, 2],
  ['Leaves of Grass', 'Walt Whitman', 'Penguin Classics', 5, 0, 2],
  ['Bang-e-Dra', 'Muhammad Iqbal', 'Iqbal Academy', 5, 1, 2],
  ['Diwan-e-Ghalib', 'Mirza Ghalib', 'Sang-e-Meel', 5, 1, 2],
  ['Naqsh-e-Faryadi', 'Faiz Ahmad Faiz', 'Maktaba-e-Karwan', 5, 1, 2],
  ['The Waste Land and Other Poems', 'T. S. Eliot', 'Faber & Faber', 5, 0, 2],
  ['Les Fleurs du mal', 'Charles Baudelaire', 'Gallimard', 5, 3, 2],
];

/** How many of the demo books are well-known titles (the first ones; the rest are generated). */
export const DEMO_KNOWN_BOOK_COUNT = DEMO_BOOKS.length;

/** ISBN-13 number `n` of the demo range (978-0-00-…), with its check digit. */
export function demoIsbn(n: number): string {
  const body = `97800${String(700000 + n).padStart(7, '0')}`;
  return body + isbnCheckDigit(body);
}

/** How many books the demo catalogue holds: the real titles plus the generated ones. */
export const DEMO_BOOK_COUNT = 300;

// ---------------------------------------------------------------------------------------------
// Generated titles: word lists per category, combined deterministically.

const FIRST_NAMES = ['Ayesha', 'Omar', 'Elena', 'James', 'Mei', 'Daniel', 'Sana', 'Lucas', 'Fatima', 'Henry', 'Priya', 'Yusuf', 'Clara', 'Bilal', 'Nadia', 'Thomas', 'Hina', 'Samuel', 'Zara', 'Idris', 'Margaret', 'Tariq', 'Sofia', 'Hamza'];
const LAST_NAMES = ['Khan', 'Siddiqui', 'Rossi', 'Whitfield', 'Lin', 'Okafor', 'Ahmed', 'Moreau', 'Noor', 'Caldwell', 'Raman', 'Demir', 'Hoffmann', 'Qureshi', 'Farooq', 'Grey', 'Malik', 'Brennan', 'Haddad', 'Novak', 'Sheikh', 'Lindqvist', 'Chaudhry', 'Osei'];

interface CategoryWords {
  patterns: readonly string[];
  topics: readonly string[];
  publishers: readonly string[];
  /** Department index (0 Computer Science, 1 Mathematics, 2 English Literature). */
  department: number;
  blurb: string;
}

/** Per category (DEMO_CATEGORIES order): `{}` in a pattern takes a topic. */
const WORDS: readonly CategoryWords[] = [
  {
    patterns: ['The {}', 'A House of {}', 'Letters from the {}', 'The Last {}', 'Beneath the {}', 'Daughters of the {}'],
    topics: ['Quiet Orchard', 'Salt Road', 'Lanterns', 'Winter Harbour', 'Paper Kites', 'Monsoon Garden', 'Glass River', 'Northern Lights', 'Clockmaker', 'Amber Coast', 'Silent Valley', 'Copper Bells'],
    publishers: ['Penguin Books', 'Vintage', 'Faber & Faber', 'Bloomsbury', 'HarperCollins'],
    department: 2,
    blurb: 'A novel',
  },
  {
    patterns: ['Foundations of {}', 'An Introduction to {}', '{}: A Modern Approach', 'Principles of {}', 'Essentials of {}', 'Frontiers in {}'],
    topics: ['Thermodynamics', 'Cell Biology', 'Organic Chemistry', 'Ecology', 'Quantum Mechanics', 'Genetics', 'Astrophysics', 'Geology', 'Oceanography', 'Neuroscience', 'Microbiology', 'Optics'],
    publishers: ['Oxford University Press', 'Cambridge University Press', 'Springer', 'Wiley', 'Elsevier'],
    department: 0,
    blurb: 'A textbook',
  },
  {
    patterns: ['Practical {}', '{} in Practice', 'Principles of {}', '{} for Beginners', 'Advanced {}', 'Designing {}'],
    topics: ['Distributed Systems', 'Machine Learning', 'Compiler Design', 'Web Development', 'Cryptography', 'Data Structures', 'Operating Systems', 'Computer Graphics', 'Database Systems', 'Computer Networks', 'Software Testing', 'Functional Programming'],
    publishers: ["O'Reilly Media", 'Manning', 'No Starch Press', 'Addison-Wesley', 'MIT Press'],
    department: 0,
    blurb: 'A guide',
  },
  {
    patterns: ['A First Course in {}', 'Elements of {}', '{}: Theory and Problems', 'Topics in {}', 'Introduction to {}', 'Problems in {}'],
    topics: ['Number Theory', 'Real Analysis', 'Combinatorics', 'Graph Theory', 'Differential Equations', 'Probability', 'Statistics', 'Geometry', 'Complex Analysis', 'Abstract Algebra', 'Numerical Methods', 'Game Theory'],
    publishers: ['Springer', 'Dover Publications', 'American Mathematical Society', 'Princeton University Press', 'Cambridge University Press'],
    department: 1,
    blurb: 'A course',
  },
  {
    patterns: ['A History of the {}', 'The Rise of the {}', 'The {}: Empires and Peoples', 'Voices of the {}', 'The Fall of the {}', 'Trade and Power in the {}'],
    topics: ['Mughal Empire', 'Silk Road', 'Ottoman World', 'Indus Valley', 'Industrial Revolution', 'Cold War', 'Mediterranean', 'Abbasid Caliphate', 'Roman Republic', 'Age of Sail', 'Persian Empire', 'Hanseatic League'],
    publishers: ['Penguin Books', 'Yale University Press', 'Oxford University Press', 'Verso', 'Allen Lane'],
    department: 2,
    blurb: 'A history',
  },
  {
    patterns: ['Songs of the {}', '{} and Other Poems', 'Selected Poems: {}', 'Elegies for the {}', 'Small Hymns to the {}', 'Notes on the {}'],
    topics: ['River', 'Desert Wind', 'Evening Star', 'Old City', 'Sea', 'Cedar Trees', 'First Rain', 'Night Train', 'Mountain', 'Harvest Moon', 'Lost Gardens', 'Morning'],
    publishers: ['Faber & Faber', 'Bloodaxe Books', 'Copper Canyon Press', 'Carcanet', 'Picador'],
    department: 2,
    blurb: 'A collection of poems',
  },
];

/** Urdu and French titles for the fiction and poetry written in those languages. */
const URDU_WORDS = [['Chandni', 'Saya', 'Khwab', 'Safar', 'Dhoop', 'Barish'], ['Raat', 'Nagar', 'Ke Kinare', 'Ki Awaz', 'Aur Hum', 'Nama']] as const;
const FRENCH_WORDS = [['Le Jardin', 'La Maison', 'Le Silence', 'La Route', 'Le Voyage', 'La Lumière'], ['des Oiseaux', 'du Soir', 'de la Mer', 'des Saisons', "d'Hiver", 'du Nord']] as const;

type DemoBook = (typeof DEMO_BOOKS)[number];

/** The generated books: the same shape as DEMO_BOOKS, titles unique. */
function generatedBooks(count: number): DemoBook[] {
  const books: DemoBook[] = [];
  const seen = new Set(DEMO_BOOKS.map((b) => b[0].toLowerCase()));
  for (let i = 0; books.length < count && i < count * 4; i++) {
    const cat = i % WORDS.length;
    const words = WORDS[cat]!;
    const k = Math.floor(i / WORDS.length);
    const literary = cat === 0 || cat === 5;
    // Some fiction and poetry in Urdu or French; some history in Arabic (English titles: translations).
    const lang = literary && k % 7 === 3 ? 1 : literary && k % 11 === 5 ? 3 : cat === 4 && k % 9 === 4 ? 2 : 0;
    let title: string;
    if (lang === 1) title = `${URDU_WORDS[0][k % 6]} ${URDU_WORDS[1][(k * 5 + 1) % 6]}`;
    else if (lang === 3) title = `${FRENCH_WORDS[0][k % 6]} ${FRENCH_WORDS[1][(k * 5 + 2) % 6]}`;
    else title = words.patterns[(k + Math.floor(k / words.topics.length)) % words.patterns.length]!.replace('{}', words.topics[k % words.topics.length]!);
    if (seen.has(title.toLowerCase())) {
      if (lang !== 0) continue;
      title = `${title}, Volume ${1 + Math.floor(k / words.topics.length)}`;
      if (seen.has(title.toLowerCase())) continue;
    }
    seen.add(title.toLowerCase());
    const author = `${FIRST_NAMES[(i * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(i * 11 + k) % LAST_NAMES.length]}`;
    books.push([title, author, words.publishers[(i + k) % words.publishers.length]!, cat, lang, words.department]);
  }
  return books;
}

/** Every demo book, real ones first; the n-th (from 0) has ISBN `demoIsbn(n + 1)`. */
export function demoBooks(): DemoBook[] {
  return [...DEMO_BOOKS, ...generatedBooks(DEMO_BOOK_COUNT - DEMO_BOOKS.length)];
}

// ---------------------------------------------------------------------------------------------
// Covers: small PNGs drawn in code (a gradient, a spine, a title plate with "lines", stripes).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGB PNG of raw pixel rows. A row equal to the one above is filtered "Up" (all zeros, next
 * to free to deflate); any other row is stored as is (deflate finds its runs of one colour).
 */
export function encodePng(width: number, height: number, pixels: Buffer): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * stride;
    if (y > 0 && pixels.compare(pixels, start - stride, start, start, start + stride) === 0) raw[y * (stride + 1)] = 2;
    else pixels.copy(raw, y * (stride + 1) + 1, start, start + stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: DEFLATE_LEVEL })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const DEFLATE_LEVEL = 6;

type Rgb = [number, number, number];

/** HSL (h in degrees, s and l 0..1) to RGB bytes. */
function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

export const COVER_WIDTH = 200;
export const COVER_HEIGHT = 300;

/** The cover of demo book `n` (from 0) of category `category`: colours by category and book. */
export function demoCover(n: number, category: number): Buffer {
  const w = COVER_WIDTH;
  const h = COVER_HEIGHT;
  const hue = (category * 60 + ((n * 37) % 50) - 25 + 360) % 360;
  const top = hsl(hue, 0.55, 0.42);
  const bottom = hsl((hue + 25) % 360, 0.6, 0.22);
  const spine = hsl(hue, 0.5, 0.15);
  const plate = hsl((hue + 180) % 360, 0.25, 0.9);
  const ink = hsl(hue, 0.4, 0.2);
  const accent = hsl((hue + 150 + ((n * 13) % 60)) % 360, 0.7, 0.6);
  const lines = [0, 1, 2].map((i) => 60 + ((n * (17 + i * 13) + i * 29) % 80));
  const pixels = Buffer.alloc(w * h * 3);
  // Each row is a few runs of one colour, filled natively.
  const run = (y: number, from: number, to: number, c: Rgb): void => void pixels.fill(Buffer.from(c), (y * w + from) * 3, (y * w + to) * 3);
  for (let y = 0; y < h; y++) {
    // The gradient in bands of 6 rows: rows repeat, so the PNG stays small and quick to make.
    const t = (y - (y % 6)) / (h - 1);
    run(y, 0, w, [0, 1, 2].map((i) => Math.round(top[i]! + (bottom[i]! - top[i]!) * t)) as Rgb);
    run(y, 0, 14, spine);
    if (y >= 56 && y < 150) {
      run(y, 28, w - 14, plate);
      // Three "lines of text" on the plate, of different widths.
      const line = y >= 74 && y < 86 ? 0 : y >= 96 && y < 104 ? 1 : y >= 114 && y < 122 ? 2 : -1;
      if (line >= 0) run(y, 42, 42 + lines[line]!, ink);
    }
    if (y >= 232 && y < 262 && (y - 232) % 10 < 5) run(y, 14, w, accent);
  }
  return encodePng(w, h, pixels);
}

// ---------------------------------------------------------------------------------------------
// Seeding

export interface CatalogueReport {
  categories: number;
  languages: number;
  books: number;
  /** Covers added by this run (0 without a media store). */
  covers: number;
}

const INSERT_CHUNK = 100;

/** Copies of the i-th demo book: 1 to 5. */
const demoCopies = (i: number): number => 1 + ((i * 7) % 5);

/**
 * Adds the demo categories, languages and books that are missing; with a media store, gives every
 * demo book without a cover its generated cover.
 */
export async function seedCatalogue(db: Db, departmentIds: number[], media?: MediaStore): Promise<CatalogueReport> {
  const categoryIds: number[] = [];
  for (const name of DEMO_CATEGORIES) categoryIds.push(await ensureNamed(db, CATEGORIES, name));
  const languageIds: number[] = [];
  for (const name of DEMO_LANGUAGES) languageIds.push(await ensureNamed(db, LANGUAGES, name));
  const books = demoBooks();
  const now = nowIso();
  const rows = books.map(([title, author, publisher, cat, lang, dept], i) => {
    const entered = addDays('2024-01-01', (i % 300) * 2);
    return {
      title,
      author,
      isbn: demoIsbn(i + 1),
      department_id: departmentIds[dept] ?? departmentIds[0] ?? null,
      category_id: categoryIds[cat]!,
      language_id: languageIds[lang]!,
      publisher,
      edition: i % 3 === 0 ? '2nd' : '1st',
      // The counts are read from the copies added below.
      total_copies: 0,
      available_copies: 0,
      rack_no: `RACK-${String(1 + (i % 12)).padStart(3, '0')}`,
      shelf_location: `Shelf ${String.fromCharCode(65 + (cat % 6))}${1 + (i % 4)}`,
      date_of_entry: entered,
      status: 'ACTIVE' as const,
      status_reason: null,
      price: 50_000 + ((i * 3_750) % 250_000),
      specification_description: null,
      detailed_description: i < DEMO_BOOKS.length ? `${title} by ${author}.` : `${WORDS[cat]!.blurb} by ${author}, published by ${publisher}.`,
      ebook_file: null,
      created_at: now,
      updated_at: now,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx.insertInto('books').values(rows.slice(i, i + INSERT_CHUNK)).onConflict((oc) => oc.column('isbn').doNothing()).execute();
    }
    // Demo books without copies (the ones just added) get theirs: 1 to 5 each, on the book's shelf, acquired on its entry date.
    const copiesOf = new Map(rows.map((r, i) => [r.isbn, { count: demoCopies(i), shelf: r.shelf_location, entered: r.date_of_entry }]));
    const bare = await trx
      .selectFrom('books as b')
      .select(['b.id', 'b.isbn'])
      .where('b.isbn', 'in', rows.map((r) => r.isbn))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('copies as c').select('c.id').whereRef('c.book_id', '=', 'b.id'))))
      .orderBy('b.id')
      .execute();
    await addCopiesToTitles(
      trx,
      bare.map((book) => {
        const wanted = copiesOf.get(book.isbn)!;
        return { bookId: book.id, specs: Array.from({ length: wanted.count }, () => ({ shelf_location: wanted.shelf, acquired_on: wanted.entered })) };
      }),
    );
  });

  let covers = 0;
  if (media) {
    const numberOf = new Map(rows.map((r, i) => [r.isbn, i]));
    const bare = await db
      .selectFrom('books as b')
      .select(['b.id', 'b.isbn'])
      .where('b.isbn', 'in', rows.map((r) => r.isbn))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('book_covers as c').select('c.id').whereRef('c.book_id', '=', 'b.id'))))
      .execute();
    const added: StoredFile[] = [];
    const links: { book_id: number; file: string; position: number }[] = [];
    for (const book of bare) {
      const n = numberOf.get(book.isbn)!;
      const file = await media.save('covers', demoCover(n, books[n]![3]), 'png');
      added.push(file);
      links.push({ book_id: book.id, file, position: 0 });
    }
    await replaceFiles(media, { added, replaced: [] }, () =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < links.length; i += INSERT_CHUNK) await trx.insertInto('book_covers').values(links.slice(i, i + INSERT_CHUNK)).execute();
      }),
    );
    covers = links.length;
  }
  return { categories: DEMO_CATEGORIES.length, languages: DEMO_LANGUAGES.length, books: books.length, covers };
}
