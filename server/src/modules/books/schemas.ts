/**
 * What the books calls accept, read into typed input with the book form's rules and DRF wording:
 * the list's query string, the book form (multipart or JSON, with covers and e-book), the delete
 * confirmation and the rows of a CSV import. Checks that need the database (a department that
 * exists, an ISBN not yet taken) are the service's; a parsed form carries its field errors so far,
 * so the service adds its own and throws them all at once.
 */
import type { Updateable } from 'kysely';
import { optional, string, type as object } from 'superstruct';
import type { BooksTable, BookStatus } from '../../db/schema.js';
import { badRequest, FieldErrorList, MESSAGES, notFound, ValidationError } from '../../errors.js';
import { readFields } from '../../http/validation.js';
import { formChoice, formFlag, formId, formInteger, formMoney, formOptionalText, formText } from '../../http/fields.js';
import type { FormBody, UploadedFile } from '../../http/multipart.js';
import { idParam, isRowId, parseBody } from '../../http/validation.js';
import type { FileType } from '#shared/upload-rules';
import type { MediaStore } from '../../storage/service.js';
import { accessionNumbersProblem, BOOK_CSV_COLUMNS, splitAccessionNumbers, type BookCsvColumn } from '#shared/book-csv-columns';
import { BOOK_TEXT_LIMITS, MAX_COVERS, MAX_PRICE, MAX_TOTAL_COPIES } from '#shared/book-limits';
import { BOOK_ORDERING_FIELDS, DEFAULT_BOOK_ORDERING, type BookOrderingField } from '#shared/book-sort-keys';
import { ISBN_MESSAGE, normaliseIsbn } from '#shared/isbn';
import { isCalendarDate } from '#shared/dates';

/** A book's statuses (a LOST or WRITE_OFF book leaves circulation). */
export const BOOK_STATUSES: readonly BookStatus[] = ['ACTIVE', 'WRITE_OFF', 'LOST'];
/** Rows per page when `page_size` is absent or not a positive number. */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest page; a larger `page_size` is capped. */
export const MAX_PAGE_SIZE = 100;

/** The book id in a path (`books/books/{id}/…`); 404 when it is not an id, 400 beyond the id column. */
export function parseBookId(raw: string | undefined): number {
  const id = idParam(raw);
  if (id === undefined) throw notFound();
  return id;
}

// ---------------------------------------------------------------------------------------------
// The list's query string

/** The parameters `GET /books/books/` reads; any other parameter is ignored (DRF). */
export const BookListParams = object({
  search: optional(string()),
  category: optional(string()),
  department: optional(string()),
  language: optional(string()),
  status: optional(string()),
  available: optional(string()),
  ordering: optional(string()),
  page: optional(string()),
  page_size: optional(string()),
});

/** The list's query, typed. */
export interface BookListQuery {
  /** Trimmed; absent when blank (a control character is refused with a 400 before the route). */
  search?: string | undefined;
  category?: number | undefined;
  department?: number | undefined;
  language?: number | undefined;
  status?: BookStatus | undefined;
  /** Only books with a copy on the shelf (ACTIVE, available_copies > 0). */
  available: boolean;
  /** Whitelisted fields, first to last; never empty, always ending with `id` (a stable order). */
  ordering: { field: BookOrderingField; desc: boolean }[];
  /** A page number, `last`, or absent for the bare array (no paging). */
  page?: number | 'last' | undefined;
  pageSize: number;
}

const INVALID_CHOICE = 'Select a valid choice. That choice is not one of the available choices.';

/**
 * Reads the list's query string. A filter that is not an id (1 to MAX_ID) or a status is a 400 field error; a
 * page that is not a positive number or `last` is DRF's 404 "Invalid page."; `page_size` is capped
 * at MAX_PAGE_SIZE (anything else keeps the default); unknown ordering fields are ignored (DRF).
 */
export function parseBookListQuery(query: unknown): BookListQuery {
  const q = parseBody(BookListParams, query);
  const errors: Record<string, string[]> = {};
  const idFilter = (name: 'category' | 'department' | 'language'): number | undefined => {
    const raw = q[name]?.trim();
    if (!raw) return undefined;
    // An id beyond the id columns names no row (and would be an error in PostgreSQL's query).
    if (!/^\d{1,15}$/.test(raw) || !isRowId(Number(raw))) {
      errors[name] = [INVALID_CHOICE];
      return undefined;
    }
    return Number(raw);
  };
  const category = idFilter('category');
  const department = idFilter('department');
  const language = idFilter('language');
  const statusText = q.status?.trim() ? q.status.trim().toUpperCase() : undefined;
  const status = BOOK_STATUSES.find((s) => s === statusText);
  if (statusText !== undefined && status === undefined) errors['status'] = [INVALID_CHOICE];
  const available = ['true', '1', 'yes'].includes((q.available ?? '').trim().toLowerCase());

  let page: number | 'last' | undefined;
  let pageSize = DEFAULT_PAGE_SIZE;
  if (q.page !== undefined && q.page !== '') {
    if (q.page === 'last') page = 'last';
    else if (/^\d{1,9}$/.test(q.page) && Number(q.page) >= 1) page = Number(q.page);
    else throw notFound('Invalid page.');
    if (q.page_size !== undefined && q.page_size !== '') {
      if (/^\d{1,9}$/.test(q.page_size) && Number(q.page_size) >= 1) pageSize = Math.min(Number(q.page_size), MAX_PAGE_SIZE);
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  // Ordering: comma list of whitelisted fields, '-' for descending; unknown fields are ignored (DRF).
  const ordering: BookListQuery['ordering'] = [];
  for (const part of (q.ordering ?? '').split(',')) {
    const term = part.trim();
    const desc = term.startsWith('-');
    const field = BOOK_ORDERING_FIELDS.find((f) => f === (desc ? term.slice(1) : term));
    if (field !== undefined && !ordering.some((o) => o.field === field)) ordering.push({ field, desc });
  }
  if (ordering.length === 0) ordering.push({ field: DEFAULT_BOOK_ORDERING, desc: false });
  if (!ordering.some((o) => o.field === 'id')) ordering.push({ field: 'id', desc: ordering[0]!.desc });

  // A search with a control character (NUL included) was refused before the route: 400.
  const search = q.search?.trim() || undefined;
  return { search, category, department, language, status, available, ordering, page, pageSize };
}

// ---------------------------------------------------------------------------------------------
// The book form

/** An uploaded file that passed its kind's type and size check. */
export interface CheckedFile {
  buffer: Buffer;
  type: FileType;
}

/** A reference field of the book form and its column. */
export const REFERENCE_COLUMNS: readonly { field: ReferenceColumn; column: 'department_id' | 'category_id' | 'language_id' }[] = [
  { field: 'department', column: 'department_id' },
  { field: 'category', column: 'category_id' },
  { field: 'language', column: 'language_id' },
];

/** A book form, read: the fields sent (a partial update leaves the others out). */
export interface BookForm {
  /** Column values of the text, number and date fields sent. */
  values: Updateable<BooksTable>;
  /** Reference ids sent; the service checks that they exist. */
  references: Partial<Record<ReferenceColumn, number>>;
  /** A new status (update only), with its reason. */
  status?: BookStatus | undefined;
  reason?: string | null | undefined;
  /** New cover images, checked, in order. */
  covers: CheckedFile[];
  /** A new e-book, checked. */
  ebook?: CheckedFile | undefined;
  /** `cover_photo_clear`: remove the old covers first (update only). */
  clearCovers: boolean;
  /** `ebook_file_clear` without a new e-book (update only). */
  clearEbook: boolean;
}

/** A parsed form and the field errors found while reading it (not yet thrown). */
export interface ParsedBookForm {
  input: BookForm;
  errors: FieldErrorList;
}

/** Fields a new book must have. */
const REQUIRED_ON_CREATE = ['title', 'author', 'isbn', 'department', 'publisher', 'total_copies', 'category', 'rack_no', 'language'];

/** The writable fields of a book form, each with its struct. */
const BOOK_FORM = {
  title: formText({ max: BOOK_TEXT_LIMITS.title }),
  author: formText({ max: BOOK_TEXT_LIMITS.author }),
  publisher: formText({ max: BOOK_TEXT_LIMITS.publisher }),
  rack_no: formText({ max: BOOK_TEXT_LIMITS.rack_no }),
  edition: formOptionalText(BOOK_TEXT_LIMITS.edition),
  shelf_location: formOptionalText(BOOK_TEXT_LIMITS.shelf_location),
  specification_description: formOptionalText(BOOK_TEXT_LIMITS.specification_description, 'multi'),
  detailed_description: formOptionalText(BOOK_TEXT_LIMITS.detailed_description, 'multi'),
  total_copies: formInteger(1, MAX_TOTAL_COPIES),
  price: formMoney(MAX_PRICE),
};

/** Reads the writable fields present in a form into column values (errors into `errors`). */
function readBookFields(fields: Record<string, unknown>, errors: FieldErrorList, creating: boolean): Pick<BookForm, 'values' | 'references'> {
  const read = readFields({ ...BOOK_FORM, isbn: formText({ max: BOOK_TEXT_LIMITS.isbn }), date_of_entry: formText({ max: 10 }) }, fields, errors).values;
  const { isbn: isbnText, date_of_entry: dateText, ...columns } = read;
  const values: Updateable<BooksTable> = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  if (isbnText !== undefined) {
    const isbn = normaliseIsbn(isbnText);
    if (isbn === undefined) errors.add('isbn', ISBN_MESSAGE);
    else values.isbn = isbn;
  }
  if (dateText !== undefined) {
    if (isCalendarDate(dateText)) values.date_of_entry = dateText;
    else errors.add('date_of_entry', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
  }
  const references: BookForm['references'] = {};
  const ids = readFields(Object.fromEntries(REFERENCE_COLUMNS.map(({ field }) => [field, formId()])), fields, errors).values;
  for (const { field } of REFERENCE_COLUMNS) {
    const id = ids[field];
    if (id === undefined) continue;
    // Department, category and language are required on a book.
    if (id === null) errors.add(field, 'This field may not be null.');
    else references[field] = id;
  }
  if (creating) {
    for (const name of REQUIRED_ON_CREATE) if (fields[name] === undefined && !errors.has(name)) errors.add(name, MESSAGES.required);
  }
  return { values, references };
}

/** Cover files under `cover_photo` and, as the original client names them, `cover_photos`. */
function uploadedCovers(form: FormBody): UploadedFile[] {
  return [...(form.fileLists?.['cover_photo'] ?? []), ...(form.fileLists?.['cover_photos'] ?? [])];
}

function checkCovers(media: Pick<MediaStore, 'check'>, errors: FieldErrorList, files: UploadedFile[]): CheckedFile[] {
  const out: CheckedFile[] = [];
  for (const file of files) {
    const checked = media.check('covers', file.buffer, file.truncated);
    if ('error' in checked) {
      if (!errors.has('cover_photo')) errors.add('cover_photo', checked.error);
    } else out.push({ buffer: file.buffer, type: checked.type });
  }
  return out;
}

function checkEbook(media: Pick<MediaStore, 'check'>, errors: FieldErrorList, file: UploadedFile | undefined): CheckedFile | undefined {
  if (!file) return undefined;
  const checked = media.check('ebooks', file.buffer, file.truncated);
  if ('error' in checked) return void errors.add('ebook_file', checked.error);
  return { buffer: file.buffer, type: checked.type };
}

/** The message when a book would hold more than MAX_COVERS covers. */
export const TOO_MANY_COVERS = `A book can have at most ${MAX_COVERS} cover images.`;

/** A new book (add_book): every required field, at most MAX_COVERS covers. */
export function parseNewBookForm(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedBookForm {
  const errors = new FieldErrorList();
  const fields = readBookFields(form.fields, errors, true);
  const covers = checkCovers(media, errors, uploadedCovers(form));
  if (covers.length > MAX_COVERS && !errors.has('cover_photo')) errors.add('cover_photo', TOO_MANY_COVERS);
  const ebook = checkEbook(media, errors, form.files['ebook_file']);
  return { input: { ...fields, covers, ebook, clearCovers: false, clearEbook: false }, errors };
}

const BOOK_UPDATE_EXTRAS = {
  status: formChoice(BOOK_STATUSES),
  reason: formOptionalText(BOOK_TEXT_LIMITS.status_reason, 'multi'),
  cover_photo_clear: formFlag(),
  ebook_file_clear: formFlag(),
};

/** A partial update (change_book): the fields sent, a status with its reason, files and clear flags. */
export function parseBookUpdateForm(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedBookForm {
  const errors = new FieldErrorList();
  const fields = readBookFields(form.fields, errors, false);
  const { values } = readFields(BOOK_UPDATE_EXTRAS, form.fields, errors);
  const covers = checkCovers(media, errors, uploadedCovers(form));
  const ebook = checkEbook(media, errors, form.files['ebook_file']);
  const clearCovers = values.cover_photo_clear ?? false;
  const clearEbook = !ebook && (values.ebook_file_clear ?? false);
  return { input: { ...fields, status: values.status, reason: values.reason, covers, ebook, clearCovers, clearEbook }, errors };
}

/** The password of the delete confirmation (`confirm-delete`); 400 when it is missing. */
export function parseDeleteConfirmation(body: unknown): { password: string } {
  const password = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['password'] : undefined;
  if (typeof password !== 'string' || password === '') throw badRequest('Password is required to delete a book.');
  return { password };
}

// ---------------------------------------------------------------------------------------------
// CSV rows

/** The reference columns of a book (named in a CSV row, ids in the book form). */
export type ReferenceColumn = 'category' | 'department' | 'language';

/** A CSV row that passed the book form's rules. */
export interface BookCsvRow {
  values: {
    title: string;
    author: string;
    publisher: string;
    isbn: string;
    total_copies: number;
    edition: string | null;
    rack_no: string;
    shelf_location: string | null;
    specification_description: string | null;
  };
  /** Reference names as written (trimmed). */
  names: Record<ReferenceColumn, string>;
  /** One per copy, kept as given; empty: the library's sequence numbers the copies. */
  accessionNumbers: string[];
}

const CSV_REFERENCES: readonly ReferenceColumn[] = ['category', 'department', 'language'];

const CSV_ROW = {
  title: BOOK_FORM.title,
  author: BOOK_FORM.author,
  publisher: BOOK_FORM.publisher,
  isbn: formText({ max: BOOK_TEXT_LIMITS.isbn }),
  total_copies: BOOK_FORM.total_copies,
};
const CSV_ROW_REST = {
  edition: BOOK_FORM.edition,
  rack_no: BOOK_FORM.rack_no,
  shelf_location: BOOK_FORM.shelf_location,
  brief_description: BOOK_FORM.specification_description,
};

/** Checks one CSV row with the book form's rules: the typed row, or its errors by column. */
export function parseBookCsvRow(row: Record<BookCsvColumn, string>): BookCsvRow | { errors: { field: BookCsvColumn; message: string }[] } {
  const errors = new FieldErrorList();
  const { title, author, publisher, isbn: isbnText, total_copies: total } = readFields(CSV_ROW, row, errors).values;
  const names = {} as Record<ReferenceColumn, string>;
  const written = readFields(Object.fromEntries(CSV_REFERENCES.map((column) => [column, formText({ max: BOOK_TEXT_LIMITS.reference_name })])), row, errors).values;
  for (const column of CSV_REFERENCES) if (written[column] !== undefined) names[column] = written[column];
  const { edition, rack_no: rackNo, shelf_location: shelf, brief_description: brief } = readFields(CSV_ROW_REST, row, errors).values;
  let isbn: string | undefined;
  if (isbnText !== undefined) {
    isbn = normaliseIsbn(isbnText);
    if (isbn === undefined) errors.add('isbn', ISBN_MESSAGE);
  }
  const accessionNumbers = splitAccessionNumbers(row.accession_numbers);
  const accessionProblem = accessionNumbersProblem(accessionNumbers, errors.has('total_copies') ? undefined : total);
  if (accessionProblem !== undefined) errors.add('accession_numbers', accessionProblem);
  if (!errors.empty) {
    const fields = errors.toObject();
    return { errors: BOOK_CSV_COLUMNS.flatMap((field) => (fields[field] ?? []).map((message) => ({ field, message }))) };
  }
  return {
    values: {
      title: title!,
      author: author!,
      publisher: publisher!,
      isbn: isbn!,
      total_copies: total!,
      edition: edition ?? null,
      rack_no: rackNo!,
      shelf_location: shelf ?? null,
      specification_description: brief ?? null,
    },
    names,
    accessionNumbers,
  };
}
