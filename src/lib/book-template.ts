/**
 * The book CSV template `Book-Template.csv`: the columns in the specification's order, then the
 * optional accession numbers, and 6 sample books whose ISBNs pass the checksum and whose names
 * exist in the demo library (the last one gives its copies' accession numbers).
 */
import Papa from 'papaparse';
import { saveCsv } from './download';
import { BOOK_CSV_COLUMNS, type BookCsvColumn } from '#shared/book-csv-columns';

/** Columns of `Book-Template.csv`, in the specification's order. */
export const BOOK_TEMPLATE_COLUMNS = BOOK_CSV_COLUMNS;
/** A template column. */
export type { BookCsvColumn };
/** One row of a book CSV, by template column. */
export type BookCsvRow = Record<BookCsvColumn, string>;

/** The template's help: what the optional last column holds. */
export const BOOK_TEMPLATE_HELP =
  'The last column, accession_numbers, is optional: one accession number per copy (as many as total_copies), separated by ";". Leave it blank and the library numbers the copies.';

/** The name the template downloads under. */
export const BOOK_TEMPLATE_FILE_NAME = 'Book-Template.csv';

/** The template's sample books: real titles, valid ISBN-13s outside the demo range, demo names. */
export const BOOK_TEMPLATE_SAMPLE: readonly BookCsvRow[] = [
  {
    title: 'The Hobbit',
    author: 'J. R. R. Tolkien',
    publisher: 'HarperCollins',
    isbn: '978-0-261-10221-7',
    total_copies: '4',
    category: 'Fiction',
    department: 'English Literature',
    language: 'English',
    edition: '1st',
    rack_no: 'A-12',
    shelf_location: 'Shelf 3',
    brief_description: 'Bilbo Baggins leaves the Shire for an adventure with dwarves and a dragon.',
    accession_numbers: '',
  },
  {
    title: 'Sapiens: A Brief History of Humankind',
    author: 'Yuval Noah Harari',
    publisher: 'Harper',
    isbn: '9780062316097',
    total_copies: '3',
    category: 'History',
    department: 'English Literature',
    language: 'English',
    edition: '1st',
    rack_no: 'H-04',
    shelf_location: 'Shelf 1',
    brief_description: 'How Homo sapiens came to rule the world, from the Stone Age to today.',
    accession_numbers: '',
  },
  {
    title: 'Gödel, Escher, Bach: an Eternal Golden Braid',
    author: 'Douglas R. Hofstadter',
    publisher: 'Basic Books',
    isbn: '9780465026562',
    total_copies: '2',
    category: 'Mathematics',
    department: 'Mathematics',
    language: 'English',
    edition: '20th anniversary',
    rack_no: 'M-07',
    shelf_location: 'Shelf 2',
    brief_description: 'Self-reference, formal systems and minds, told through logic, art and music.',
    accession_numbers: '',
  },
  {
    title: 'Refactoring: Improving the Design of Existing Code',
    author: 'Martin Fowler',
    publisher: 'Addison-Wesley',
    isbn: '978-0-13-475759-9',
    total_copies: '5',
    category: 'Computing',
    department: 'Computer Science',
    language: 'English',
    edition: '2nd',
    rack_no: 'C-21',
    shelf_location: 'Shelf 4',
    brief_description: 'A catalogue of small, safe steps that improve code without changing what it does.',
    accession_numbers: '',
  },
  {
    title: 'The Feynman Lectures on Physics, Vol. 1',
    author: 'Richard P. Feynman; Robert B. Leighton; Matthew Sands',
    publisher: 'Basic Books',
    isbn: '9780465024933',
    total_copies: '2',
    category: 'Science',
    department: 'Mathematics',
    language: 'English',
    edition: 'New Millennium',
    rack_no: 'S-03',
    shelf_location: 'Shelf 1',
    brief_description: 'Mechanics, radiation and heat from the celebrated Caltech lectures.',
    accession_numbers: '',
  },
  {
    title: 'Zavia',
    author: 'Ashfaq Ahmed',
    publisher: 'Sang-e-Meel',
    isbn: '9789693501155',
    total_copies: '3',
    category: 'Fiction',
    department: 'English Literature',
    language: 'Urdu',
    edition: '',
    rack_no: 'U-02',
    shelf_location: 'Shelf 5',
    brief_description: 'Talks on everyday wisdom from the television series of the same name.',
    accession_numbers: 'U-2024-001;U-2024-002;U-2024-003',
  },
];

/** The text of `Book-Template.csv` (CRLF line ends, quoted where needed). */
export function bookTemplateCsv(): string {
  return Papa.unparse(
    { fields: [...BOOK_TEMPLATE_COLUMNS], data: BOOK_TEMPLATE_SAMPLE.map((row) => BOOK_TEMPLATE_COLUMNS.map((column) => row[column])) },
    { newline: '\r\n' },
  );
}

/** Downloads `Book-Template.csv`, made in the browser; throws when the browser cannot save it. */
export function downloadBookTemplate(): void {
  saveCsv(bookTemplateCsv(), BOOK_TEMPLATE_FILE_NAME);
}
