/**
 * The Add/Update Book form (the book's fields, statuses and required fields; docs/API.md "Catalogue"): its values, the
 * checks run before anything is sent, and the multipart body. Pure, so the rules are unit-tested.
 *
 * - Required ('Required'): title, author, isbn, department, publisher, total_copies, category,
 *   rack_no, language; on update also status ('Status is required').
 * - total_copies a whole number from 1 to 100,000; ISBN-10/13 with its check digit; price, when
 *   given, a non-negative amount with at most 2 decimals; date of entry, when given, YYYY-MM-DD.
 * - A reason is required when the status changes to LOST or WRITE_OFF (the server's rule: an
 *   unchanged status needs none, so an old LOST book without a reason can still be edited).
 * - Covers: several images, sent as repeated `cover_photo`; `cover_photo_clear=true` removes the
 *   existing ones first. E-book: PDF only; a new one replaces the old, `ebook_file_clear=true`
 *   removes it. `status` and `reason` are sent on update only.
 */
import { ISBN_MESSAGE, isValidIsbn } from '#shared/isbn';
import { tooLongMessage, withControlCharacterErrors, type FieldErrors, type FileChange } from './forms';
import { BOOK_STATUSES, type Book, type BookStatus } from './schemas/books';
import { BOOK_TEXT_LIMITS, MAX_COVERS, MAX_PRICE, MAX_TOTAL_COPIES } from '#shared/book-limits';
import { formatCount, readWholeNumber, WHOLE_NUMBER_MESSAGES } from '#shared/numbers';
import { amountProblem } from '#shared/money';
import { isCalendarDate } from '#shared/dates';
import { IMAGE_FILE_TYPES, acceptedMimeTypes } from '#shared/upload-rules';

export type BookFormMode = 'add' | 'edit';

export interface BookFormValues {
  title: string;
  author: string;
  isbn: string;
  department: string;
  publisher: string;
  total_copies: string;
  category: string;
  rack_no: string;
  language: string;
  edition: string;
  shelf_location: string;
  price: string;
  date_of_entry: string;
  detailed_description: string;
  status: BookStatus | '';
  reason: string;
}

/** The files of the form: newly chosen covers, whether to drop the existing ones, and the e-book. */
export interface BookFormFiles {
  covers: File[];
  clearCovers: boolean;
  ebook: FileChange;
}

export type BookFormField = keyof BookFormValues | 'cover_photo' | 'ebook_file';

/** Fields every book needs, in the order the form shows them. */
export const REQUIRED_BOOK_FIELDS = [
  'title',
  'author',
  'isbn',
  'department',
  'publisher',
  'total_copies',
  'category',
  'rack_no',
  'language',
] as const satisfies readonly (keyof BookFormValues)[];

/** Every field the form shows, for matching the server's field errors. */
export const BOOK_FORM_FIELDS: readonly BookFormField[] = [
  ...REQUIRED_BOOK_FIELDS,
  'edition',
  'shelf_location',
  'price',
  'date_of_entry',
  'detailed_description',
  'status',
  'reason',
  'cover_photo',
  'ebook_file',
];

export const REQUIRED = 'Required';
export const STATUS_REQUIRED = 'Status is required';
export const REASON_REQUIRED = 'Reason is required when changing status to LOST or WRITE_OFF.';
export const TOTAL_COPIES_MESSAGE = WHOLE_NUMBER_MESSAGES.range(1, MAX_TOTAL_COPIES);
export const PRICE_MAX_MESSAGE = `Price must be at most ${formatCount(MAX_PRICE)}.`;
export const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD.';
export const PDF_MESSAGE = 'Upload a valid PDF file.';
export const IMAGE_MESSAGE = 'Upload a valid image (PNG, JPEG or WebP).';
export { MAX_COVERS, MAX_TOTAL_COPIES };

/** Statuses offered on update, with their labels. */
export const BOOK_STATUS_OPTIONS: readonly { value: BookStatus; label: string }[] = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'WRITE_OFF', label: 'Write-off' },
  { value: 'LOST', label: 'Lost' },
];

/** Whether this status asks for a reason (LOST and WRITE_OFF). */
export const statusNeedsReason = (status: string): boolean => status === 'LOST' || status === 'WRITE_OFF';

/** The empty form of Add Book. */
export function emptyBookValues(): BookFormValues {
  return {
    title: '',
    author: '',
    isbn: '',
    department: '',
    publisher: '',
    total_copies: '',
    category: '',
    rack_no: '',
    language: '',
    edition: '',
    shelf_location: '',
    price: '',
    date_of_entry: '',
    detailed_description: '',
    status: '',
    reason: '',
  };
}

/** The empty file slots. */
export const noBookFiles = (): BookFormFiles => ({ covers: [], clearCovers: false, ebook: { kind: 'keep' } });

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** A loaded book as the values of Update Book. */
export function bookToValues(book: Book): BookFormValues {
  const status = (BOOK_STATUSES as readonly string[]).includes(book.status) ? (book.status as BookStatus) : '';
  return {
    title: book.title,
    author: book.author,
    isbn: book.isbn,
    department: text(book.department?.id),
    publisher: text(book.publisher),
    total_copies: text(book.total_copies),
    category: text(book.category?.id),
    rack_no: text(book.rack_no),
    language: text(book.language?.id),
    edition: text(book.edition),
    shelf_location: text(book.shelf_location),
    price: text(book.price),
    date_of_entry: text(book.date_of_entry),
    detailed_description: text(book.detailed_description),
    status,
    reason: statusNeedsReason(status) ? text(book.status_reason) : '',
  };
}

/** Whether a chosen file is a PDF (by its type, or its name when the browser gives no type). */
export function isPdfFile(file: { name: string; type: string }): boolean {
  if (file.type) return file.type === 'application/pdf';
  return /\.pdf$/i.test(file.name);
}

/** Whether a chosen cover is an image the server accepts (PNG, JPEG or WebP). */
export function isCoverImage(file: { name: string; type: string }): boolean {
  if (file.type) return acceptedMimeTypes(IMAGE_FILE_TYPES).includes(file.type);
  return /\.(png|jpe?g|webp)$/i.test(file.name);
}

/**
 * The form's errors before sending; empty when it may be sent. `originalStatus` is the book's
 * status when the form opened (update only).
 */
export function validateBookForm(
  values: BookFormValues,
  mode: BookFormMode,
  originalStatus?: string,
): FieldErrors<BookFormField> {
  const errors: FieldErrors<BookFormField> = {};
  for (const field of REQUIRED_BOOK_FIELDS) {
    if (!values[field].trim()) errors[field] = REQUIRED;
  }
  for (const [field, limit] of TEXT_LIMITS) {
    if (values[field].trim().length > limit) errors[field] = tooLongMessage(limit);
  }
  const isbn = values.isbn.trim();
  if (isbn && !isValidIsbn(isbn)) errors.isbn = ISBN_MESSAGE;
  const copies = values.total_copies.trim();
  const copyCount = readWholeNumber(copies);
  if (copies && !(copyCount !== null && copyCount >= 1 && copyCount <= MAX_TOTAL_COPIES)) {
    errors.total_copies = TOTAL_COPIES_MESSAGE;
  }
  const price = values.price.trim();
  const priceProblem = price ? amountProblem(price) : null;
  if (priceProblem) errors.price = priceProblem;
  else if (price && Number(price) > MAX_PRICE) errors.price = PRICE_MAX_MESSAGE;
  const date = values.date_of_entry.trim();
  if (date && !isCalendarDate(date)) errors.date_of_entry = DATE_MESSAGE;
  if (mode === 'edit') {
    if (!values.status) errors.status = STATUS_REQUIRED;
    else if (statusNeedsReason(values.status) && values.status !== originalStatus && !values.reason.trim()) {
      errors.reason = REASON_REQUIRED;
    }
  }
  return withControlCharacterErrors(errors, values, MULTI_LINE_BOOK_FIELDS);
}

/** The book's texts and their longest stored value (the server's limits, from book-limits.ts). */
const TEXT_LIMITS: readonly [keyof BookFormValues, number][] = [
  ['title', BOOK_TEXT_LIMITS.title],
  ['author', BOOK_TEXT_LIMITS.author],
  ['publisher', BOOK_TEXT_LIMITS.publisher],
  ['rack_no', BOOK_TEXT_LIMITS.rack_no],
  ['edition', BOOK_TEXT_LIMITS.edition],
  ['shelf_location', BOOK_TEXT_LIMITS.shelf_location],
  ['detailed_description', BOOK_TEXT_LIMITS.detailed_description],
  ['reason', BOOK_TEXT_LIMITS.status_reason],
];

/** The book's texts that may hold several lines (the server's rule). */
const MULTI_LINE_BOOK_FIELDS: readonly (keyof BookFormValues)[] = ['detailed_description', 'reason'];

/**
 * The multipart body of `POST books/books/` (add) or `PATCH books/books/{id}/` (edit). Text is
 * trimmed; optional fields left empty are not sent on add (the server's defaults apply) and are
 * sent empty on edit (so clearing them sticks), except price and date, which have defaults and
 * are never sent empty.
 */
export function bookFormData(values: BookFormValues, files: BookFormFiles, mode: BookFormMode): FormData {
  const body = new FormData();
  const put = (name: string, value: string) => body.append(name, value.trim());
  for (const field of REQUIRED_BOOK_FIELDS) put(field, values[field]);
  for (const field of ['edition', 'shelf_location', 'detailed_description'] as const) {
    if (values[field].trim() || mode === 'edit') put(field, values[field]);
  }
  for (const field of ['price', 'date_of_entry'] as const) {
    if (values[field].trim()) put(field, values[field]);
  }
  if (mode === 'edit') {
    put('status', values.status);
    if (statusNeedsReason(values.status) && values.reason.trim()) put('reason', values.reason);
    if (files.clearCovers) body.append('cover_photo_clear', 'true');
  }
  for (const cover of files.covers) body.append('cover_photo', cover, cover.name);
  if (files.ebook.kind === 'replace') body.append('ebook_file', files.ebook.file, files.ebook.file.name);
  else if (files.ebook.kind === 'clear' && mode === 'edit') body.append('ebook_file_clear', 'true');
  return body;
}
