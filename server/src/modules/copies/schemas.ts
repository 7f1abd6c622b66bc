/**
 * What the copy calls accept: the body of adding copies (a count or accession numbers kept as
 * given, and what the new copies say about themselves), the body of a copy's edit and status
 * change, and the query strings of the lookup and the accession list. Accession numbers and
 * barcodes follow the shared pattern and length; texts are bounded and one line (the condition
 * note may have lines); prices are the money rules'; an acquisition date is a real date from 1900
 * on (not in the future: the service knows the library's today).
 */
import { ValidationError, badRequest } from '../../errors.js';
import { field, formInteger, formOptionalText, givenText, Refusal } from '../../http/fields.js';
import { bodyObject, isRowId, MAX_ID, readFields } from '../../http/validation.js';
import { readSearch } from '../../http/paging.js';
import type { CopyDetails } from './stock.js';
import { readBoundedPage, single, type BoundedPage } from '../../http/query.js';
import { AMOUNT_MESSAGES, readAmount } from '#shared/money';
import { BOUND_MESSAGES, WHOLE_NUMBER_MESSAGES } from '#shared/numbers';
import { parseDate } from '#shared/dates';
import { MAX_PRICE } from '#shared/book-limits';
import {
  ACCESSION_LIMITS,
  ACCESSION_PATTERN,
  COPIES_PER_CALL,
  COPY_MESSAGES,
  COPY_SOURCES,
  COPY_STATUSES,
  COPY_TEXT_LIMITS,
  EARLIEST_ACQUISITION,
  type CopyStatus,
} from '#shared/copies';

export const NOT_AN_OBJECT = 'Invalid data format.';
const CODE_MESSAGE = `Use at most ${ACCESSION_LIMITS.codeMax} letters, digits and . / _ - (no spaces).`;
const DATE_FORMAT = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

/** Whether a text can be an accession number or a barcode. */
export const isCode = (value: string): boolean => value.length <= ACCESSION_LIMITS.codeMax && ACCESSION_PATTERN.test(value);

/** A non-blank accession number or barcode, trimmed. */
const code = () =>
  field<string>('code', (raw) => {
    if (typeof raw !== 'string') return new Refusal('Not a valid string.');
    const value = raw.trim();
    if (value === '') return new Refusal('This field may not be blank.');
    return isCode(value) ? value : new Refusal(CODE_MESSAGE);
  });

const blank = (raw: unknown): boolean => raw === null || (typeof raw === 'string' && raw.trim() === '');

/** A copy's price as a decimal amount (minor units), or null (blank) for the book's. */
const price = () =>
  field<number | null>('price', (raw) => {
    if (blank(raw)) return null;
    if (typeof raw !== 'string' && typeof raw !== 'number') return new Refusal(AMOUNT_MESSAGES.invalid);
    const amount = /^-?[\d.]+$/.test(String(raw).trim()) ? readAmount(String(raw).trim()) : { ok: false as const, message: AMOUNT_MESSAGES.invalid };
    if (!amount.ok) return new Refusal(amount.message);
    if (amount.minor < 0) return new Refusal(BOUND_MESSAGES.atLeast(0));
    if (amount.minor > MAX_PRICE * 100) return new Refusal(BOUND_MESSAGES.atMost(MAX_PRICE));
    return amount.minor;
  });

/** An acquisition date (YYYY-MM-DD, from 1900 on), or null (blank). */
const acquiredOn = () =>
  field<string | null>('acquiredOn', (raw) => {
    if (blank(raw)) return null;
    const date = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ? parseDate(raw.trim()) : null;
    if (!date) return new Refusal(DATE_FORMAT);
    return date < EARLIEST_ACQUISITION ? new Refusal(COPY_MESSAGES.acquiredTooEarly) : date;
  });

/** One of a fixed set in any case, or null (blank). */
const choiceOrNull = <T extends string>(choices: readonly T[]) =>
  field<T | null>('choice', (raw) => {
    if (blank(raw)) return null;
    const value = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
    return (choices as readonly string[]).includes(value) ? (value as T) : new Refusal(`"${String(raw).slice(0, 40)}" is not a valid choice.`);
  });

/** The accession numbers of an add: 1 to 500 codes, none twice. */
const accessionNumbers = () =>
  field<string[]>('accessionNumbers', (raw) => {
    if (!Array.isArray(raw)) return new Refusal('Expected a list of items but got type "str".');
    if (raw.length === 0) return new Refusal('This list may not be empty.');
    if (raw.length > COPIES_PER_CALL) return new Refusal(`Ensure this field has no more than ${COPIES_PER_CALL} elements.`);
    const values: string[] = [];
    for (const item of raw) {
      const value = typeof item === 'string' ? item.trim() : '';
      if (!isCode(value) || value === '') return new Refusal(CODE_MESSAGE);
      if (values.includes(value)) return new Refusal(COPY_MESSAGES.accessionTaken);
      values.push(value);
    }
    return values;
  });

/** The details every new or edited copy may give. */
const DETAILS = {
  call_number: formOptionalText(COPY_TEXT_LIMITS.callNumber),
  shelf_location: formOptionalText(COPY_TEXT_LIMITS.shelfLocation),
  acquired_on: acquiredOn(),
  source: choiceOrNull(COPY_SOURCES),
  price: price(),
  condition_note: formOptionalText(COPY_TEXT_LIMITS.conditionNote, 'multi'),
};


const given = <T extends object>(values: T): Partial<T> => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/** The body of `POST /books/books/{id}/copies/`, read. */
export interface AddCopiesInput {
  /** How many copies from the library's sequence (when no numbers are given). */
  count: number;
  /** Accession numbers kept as given, one copy each. */
  accessionNumbers: string[] | undefined;
  details: CopyDetails;
}

/** Reads `{count? | accession_numbers?, …details}`; both at once is refused, neither means one copy. */
export function parseAddCopiesBody(body: unknown): AddCopiesInput {
  const shape = { count: formInteger(1, COPIES_PER_CALL), accession_numbers: accessionNumbers(), ...DETAILS };
  const input = bodyObject(body, NOT_AN_OBJECT);
  const { values, errors } = readFields(shape, input);
  if (input['count'] !== undefined && input['count'] !== null && input['accession_numbers'] !== undefined && errors.empty) {
    throw new ValidationError({ non_field_errors: [COPY_MESSAGES.countOrNumbers] });
  }
  errors.throwIfAny();
  const { count, accession_numbers, ...details } = values;
  return { count: accession_numbers?.length ?? count ?? 1, accessionNumbers: accession_numbers, details: given(details) };
}

/** The body of `PATCH /books/copies/{id}/`, read. */
export interface CopyEdit {
  barcode: string | undefined;
  details: CopyDetails;
  status: CopyStatus | undefined;
  reason: string | null;
}

/** Reads `{barcode?, …details, status?, reason?}`; only what is given changes. */
export function parseCopyEditBody(body: unknown): CopyEdit {
  const shape = { barcode: code(), ...DETAILS, status: choiceOrNull(COPY_STATUSES), reason: givenText(COPY_TEXT_LIMITS.reason) };
  const { values, errors } = readFields(shape, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  const { barcode, status, reason, ...details } = values;
  return { barcode, details: given(details), status: status ?? undefined, reason: reason || null };
}

/** The code a scan looked up (`?barcode=`); a code no copy could have is simply not found. */
export function parseLookupQuery(query: Record<string, unknown>): { barcode: string | undefined } {
  return { barcode: single(query, 'barcode') };
}

/** A page of a copy list: `page` from 1, `page_size` up to 500 (100 unless asked). */
export type CopyPageRequest = BoundedPage;

const readCopyPage = (query: Record<string, unknown>): CopyPageRequest => readBoundedPage(query, { defaultSize: 100, maxSize: COPIES_PER_CALL });

/** Reads `page` and `page_size` of a title's copies. */
export const parseBookCopiesQuery = (query: Record<string, unknown>): CopyPageRequest => readCopyPage(query);

/** The accession list's query, read. */
export interface CopyListQuery extends CopyPageRequest {
  book: number | undefined;
  accessionFrom: string | undefined;
  accessionTo: string | undefined;
  addedSince: string | undefined;
  status: CopyStatus | undefined;
  search: string;
}

/** Reads `book`, `accession_from`, `accession_to`, `added_since`, `status`, `search`, `page`, `page_size`. */
export function parseCopyListQuery(query: Record<string, unknown>): CopyListQuery {
  const book = single(query, 'book');
  if (book !== undefined && !(/^\d{1,10}$/.test(book) && isRowId(Number(book)))) throw ValidationError.field('book', WHOLE_NUMBER_MESSAGES.range(1, MAX_ID));
  const codeParam = (name: string): string | undefined => {
    const value = single(query, name);
    if (value !== undefined && !isCode(value)) throw ValidationError.field(name, CODE_MESSAGE);
    return value;
  };
  const since = single(query, 'added_since');
  if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(since) || parseDate(since) === null)) throw ValidationError.field('added_since', DATE_FORMAT);
  const status = single(query, 'status')?.toUpperCase();
  if (status !== undefined && !(COPY_STATUSES as readonly string[]).includes(status)) {
    throw ValidationError.field('status', `Select a valid choice. ${status.slice(0, 40)} is not one of the available choices.`);
  }
  return {
    ...readCopyPage(query),
    book: book === undefined ? undefined : Number(book),
    accessionFrom: codeParam('accession_from'),
    accessionTo: codeParam('accession_to'),
    addedSince: since,
    status: status as CopyStatus | undefined,
    search: readSearch(query['search'] === undefined ? undefined : single(query, 'search')),
  };
}
