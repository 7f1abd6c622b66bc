/**
 * The Book Record's CSV export: its columns, one row per book (reference data by name), the
 * file's name and text. Cells go through `toCsv` (src/lib/csv.ts), which neutralises formulas.
 */
import type { Book } from './schemas/books';

/** Columns of the Book Record's CSV export, in order. */
export const BOOK_EXPORT_COLUMNS = [
  'id',
  'title',
  'author',
  'isbn',
  'publisher',
  'edition',
  'category',
  'department',
  'language',
  'total_copies',
  'available_copies',
  'status',
  'status_reason',
  'rack_no',
  'shelf_location',
  'date_of_entry',
  'price',
] as const;

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** One export row per book, in BOOK_EXPORT_COLUMNS order (reference data by name). */
export function bookExportRows(books: readonly Book[]): string[][] {
  return books.map((book) => [
    text(book.id),
    book.title,
    book.author,
    book.isbn,
    text(book.publisher),
    text(book.edition),
    text(book.category?.name),
    text(book.department?.name),
    text(book.language?.name),
    text(book.total_copies),
    text(book.available_copies),
    text(book.status),
    text(book.status_reason),
    text(book.rack_no),
    text(book.shelf_location),
    text(book.date_of_entry),
    text(book.price),
  ]);
}

/** Most rows an export fetches (100 pages of 100); a larger result is cut and the user told. */
export const EXPORT_ROW_CAP = 10_000;

/** The export's file name for a day: `books-YYYY-MM-DD.csv` (local date). */
export function bookExportFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `books-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}

/**
 * The export file's text: a BOM (Excel reads UTF-8), the header and the rows, formulas neutralised.
 * The CSV writer (papaparse) loads on first export, not with the page.
 */
export async function bookExportCsv(books: readonly Book[]): Promise<string> {
  const { toCsv } = await import('#shared/csv');
  return `\uFEFF${toCsv([...BOOK_EXPORT_COLUMNS], bookExportRows(books.slice(0, EXPORT_ROW_CAP)))}`;
}
