/**
 * The demo catalogue for seed-demo: categories, languages and about 60 well-known books with
 * valid generated ISBN-13s (check digits computed), spread over the demo departments. Idempotent:
 * a book whose ISBN exists is left alone. No cover files (the site shows its placeholder).
 */
import type { Db } from './db/schema.js';
import { nowIso } from './db/values.js';
import { isbnCheckDigit } from './modules/books/isbn.js';
import { CATEGORIES, ensureNamed, LANGUAGES } from './modules/reference/service.js';

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

/** ISBN-13 number `n` of the demo range (978-0-00-…), with its check digit. */
export function demoIsbn(n: number): string {
  const body = `97800${String(700000 + n).padStart(7, '0')}`;
  return body + isbnCheckDigit(body);
}

export interface CatalogueReport {
  categories: number;
  languages: number;
  books: number;
}

/** Adds the demo categories, languages and books that are missing. */
export async function seedCatalogue(db: Db, departmentIds: number[]): Promise<CatalogueReport> {
  const categoryIds: number[] = [];
  for (const name of DEMO_CATEGORIES) categoryIds.push(await ensureNamed(db, CATEGORIES, name));
  const languageIds: number[] = [];
  for (const name of DEMO_LANGUAGES) languageIds.push(await ensureNamed(db, LANGUAGES, name));
  const now = nowIso();
  for (const [i, [title, author, publisher, cat, lang, dept]] of DEMO_BOOKS.entries()) {
    const total = 1 + ((i * 7) % 5);
    const entered = new Date(Date.UTC(2024, 0, 1) + i * 5 * 86_400_000).toISOString().slice(0, 10);
    await db
      .insertInto('books')
      .values({
        title,
        author,
        isbn: demoIsbn(i + 1),
        department_id: departmentIds[dept] ?? departmentIds[0] ?? null,
        category_id: categoryIds[cat]!,
        language_id: languageIds[lang]!,
        publisher,
        edition: i % 3 === 0 ? '2nd' : '1st',
        total_copies: total,
        available_copies: total,
        rack_no: `RACK-${String(1 + (i % 12)).padStart(3, '0')}`,
        shelf_location: `Shelf ${String.fromCharCode(65 + (cat % 6))}${1 + (i % 4)}`,
        date_of_entry: entered,
        status: 'ACTIVE',
        status_reason: null,
        price: 50_000 + ((i * 3_750) % 250_000),
        specification_description: null,
        detailed_description: `${title} by ${author}.`,
        ebook_file: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('isbn').doNothing())
      .execute();
  }
  return { categories: DEMO_CATEGORIES.length, languages: DEMO_LANGUAGES.length, books: DEMO_BOOKS.length };
}
