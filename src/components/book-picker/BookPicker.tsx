/**
 * The book picker (issue desk, reservations): the search picker over the catalogue (the book list
 * call `GET /books/books/`, plus the book by id when digits are typed), each book as "Title (id)"
 * with ISBN, author and available copies beneath.
 */
import type { ReactNode } from 'react';
import { fetchBook, fetchBookPage } from '../../lib/api/books';
import { bookDetail, bookIdTerm, bookKey, bookLabel, mergeBookMatches } from '../../lib/book-picker';
import type { Book } from '../../lib/schemas/books';
import { SearchPicker } from '../search-picker/SearchPicker';

export interface BookPickerProps {
  label?: string;
  /** Called with each book chosen. */
  onPick: (book: Book | null) => void;
  placeholder?: string;
  helperText?: ReactNode;
  error?: string | undefined;
  disabled?: boolean | undefined;
  /** A book chosen outside the picker (a scanned ISBN or id); null clears. */
  picked?: Book | null | undefined;
  id?: string | undefined;
}

/** How many matches the picker offers. */
const OFFERED = 10;

/** The catalogue search behind the picker: by title, author or ISBN, and by id for digits. */
export async function searchBooks(term: string): Promise<Book[]> {
  const id = bookIdTerm(term);
  const [byId, page] = await Promise.all([
    // A missing id is no error here: the list may still match the digits (an ISBN fragment).
    id === null ? Promise.resolve(null) : fetchBook(id).catch(() => null),
    fetchBookPage({ search: term.trim(), page_size: OFFERED }),
  ]);
  return mergeBookMatches(byId, page.results);
}

export function BookPicker({ label = 'Book', placeholder = 'Title, ISBN or book id', ...rest }: BookPickerProps) {
  return <SearchPicker<Book> label={label} placeholder={placeholder} search={searchBooks} noun="books" errorCall="book-list" itemKey={bookKey} itemLabel={bookLabel} itemDetail={bookDetail} {...rest} />;
}
