/**
 * The Add/Update Book dialog's flow, pure: which choices the three lists offer (a book's own
 * department, category or language stays offered when the list no longer has it), which list
 * failure stops the form, what a save sends (a new book, or the book by its id), and its notice.
 * The hook `use-book-form` loads and calls; `lib/book-form` holds the fields' rules.
 */
import { tooLargeMessage } from '#shared/upload-rules';
import type { CallName } from './errors';

/** One choice of a combobox. */
export interface Choice {
  value: string;
  label: string;
}

type Named = { id: string | number; name: string };

/** A reference list as the store gives it: loading, failed with its error, or its items. */
export type ListState = { status: 'ready'; items: readonly Named[] } | { status: 'failed'; error: unknown } | { status: 'idle' | 'loading' };

/** The three lists of the form. */
export interface BookLists<T> {
  departments: T;
  categories: T;
  languages: T;
}

const LIST_CALLS: readonly [keyof BookLists<unknown>, CallName][] = [
  ['departments', 'fetch-department'],
  ['categories', 'fetch-category'],
  ['languages', 'fetch-language'],
];

/** Rows as combobox choices. */
export const toChoices = (rows: readonly Named[]): Choice[] => rows.map((row) => ({ value: String(row.id), label: row.name }));

/** The choices with the book's own reference added when the list no longer has it (e.g. renamed meanwhile). */
export function withCurrent(choices: Choice[], current: Named | null | undefined): Choice[] {
  if (!current || choices.some((choice) => choice.value === String(current.id))) return choices;
  return [...choices, { value: String(current.id), label: current.name }];
}

/** The lists once all three are ready; the first failed list's call (to word its message); or neither while they load. */
export function bookLists(lists: BookLists<ListState>): { ready: BookLists<Choice[]> } | { failed: { call: CallName; error: unknown } } | null {
  for (const [name, call] of LIST_CALLS) {
    const list = lists[name];
    if (list.status === 'failed') return { failed: { call, error: list.error } };
  }
  const { departments, categories, languages } = lists;
  if (departments.status !== 'ready' || categories.status !== 'ready' || languages.status !== 'ready') return null;
  return { ready: { departments: toChoices(departments.items), categories: toChoices(categories.items), languages: toChoices(languages.items) } };
}

/** The choices the form offers for a book (null on add). */
export function bookChoices(lists: BookLists<Choice[]>, book: { department?: Named | null; category?: Named | null; language?: Named | null } | null): BookLists<Choice[]> {
  return {
    departments: withCurrent(lists.departments, book?.department),
    categories: withCurrent(lists.categories, book?.category),
    languages: withCurrent(lists.languages, book?.language),
  };
}

/** What a save sends: a new book, or the book by its id. */
export type BookSave<B> = { call: 'create'; body: B } | { call: 'update'; id: string | number; body: B };

/** The save of the form's body for the book being edited (null adds one). */
export function bookSave<B>(bookId: string | number | null, body: B): BookSave<B> {
  return bookId === null ? { call: 'create', body } : { call: 'update', id: bookId, body };
}

/** The notice after a save. */
export const bookSavedNotice = (bookId: string | number | null): string => (bookId === null ? 'Book added successfully' : 'Book updated successfully');

/** Why chosen cover images were turned down: too many for the places left, too large, or not an image (null: none were). */
export function coverRefusal(codes: readonly string[], maxBytes: number, messages: { tooMany: string; notImage: string }): string | null {
  if (codes.length === 0) return null;
  if (codes.includes('TOO_MANY_FILES')) return messages.tooMany;
  if (codes.includes('FILE_TOO_LARGE')) return tooLargeMessage(maxBytes);
  return messages.notImage;
}
