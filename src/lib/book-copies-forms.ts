/**
 * The copy forms of the book profile, pure: Add copies (a count, or accession numbers one per
 * line, kept as given), Edit a copy, and a status change with its reason. Each has its values as
 * typed, the checks run before anything is sent (the server checks again; its field errors show
 * under the same fields) and the body it sends. Text is trimmed; an edit sends only what changed,
 * a cleared field as null.
 */
import {
  ACCESSION_LIMITS,
  ACCESSION_PATTERN,
  COPIES_PER_CALL,
  COPY_MESSAGES,
  COPY_SOURCES,
  COPY_TEXT_LIMITS as SHARED_LIMITS,
  EARLIEST_ACQUISITION,
  type CopySource,
} from '#shared/copies';
import { MAX_PRICE } from '#shared/book-limits';
import { isCalendarDate } from '#shared/dates';
import { amountProblem, readAmount, toDecimalString } from '#shared/money';
import { WHOLE_NUMBER_MESSAGES, readWholeNumber } from '#shared/numbers';
import { tooLongMessage, withControlCharacterErrors, type FieldErrors } from './forms';
import { actionNeedsReason, type CopyStatusAction } from './book-copies';
import type { CopyView } from './schemas/copies';

/** Copies added in one go, and accession numbers listed at once (the server's bounds). */
export const MAX_COPIES_AT_ONCE = COPIES_PER_CALL;

/** Longest text per copy field, by the form's field names (the shared limits the server applies). */
export const COPY_TEXT_LIMITS = {
  call_number: SHARED_LIMITS.callNumber,
  shelf_location: SHARED_LIMITS.shelfLocation,
  condition_note: SHARED_LIMITS.conditionNote,
  reason: SHARED_LIMITS.reason,
} as const;

export const COPY_FORM_MESSAGES = {
  countRequired: 'Enter how many copies to add.',
  countRange: WHOLE_NUMBER_MESSAGES.range(1, MAX_COPIES_AT_ONCE),
  numbersRequired: 'Enter at least one accession number, one per line.',
  tooManyNumbers: `List at most ${MAX_COPIES_AT_ONCE} accession numbers at once.`,
  badNumber: (line: number, value: string) => `Line ${line}: “${value}” may hold only letters, digits and . / _ - (no spaces).`,
  longNumber: (line: number) => `Line ${line} is longer than ${ACCESSION_LIMITS.codeMax} characters.`,
  repeatedNumber: (value: string) => `“${value}” is listed twice.`,
  badBarcode: 'A barcode may hold only letters, digits and . / _ - (no spaces).',
  longBarcode: tooLongMessage(ACCESSION_LIMITS.codeMax),
  badDate: 'Enter a date as YYYY-MM-DD.',
  earlyDate: COPY_MESSAGES.acquiredTooEarly,
  futureDate: COPY_MESSAGES.acquiredInFuture,
  badSource: 'Choose a source from the list.',
  priceTooHigh: `Enter a price of at most ${MAX_PRICE}.`,
  reasonRequired: COPY_MESSAGES.reasonRequired,
  actionRequired: 'Choose what happened to the copy.',
} as const;

/** The details every copy form shares (as typed). */
export interface CopyDetailValues {
  call_number: string;
  shelf_location: string;
  acquired_on: string;
  source: string;
  price: string;
  condition_note: string;
}

/** The Add copies form: how many (or which accession numbers) and their details. */
export interface AddCopiesValues extends CopyDetailValues {
  /** 'count': the library's next numbers; 'list': the accession numbers given. */
  mode: 'count' | 'list';
  count: string;
  accession_numbers: string;
}
export type AddCopiesField = keyof AddCopiesValues;

/** The fields whose server errors show under them. */
export const ADD_COPIES_FIELDS: readonly AddCopiesField[] = [
  'count',
  'accession_numbers',
  'call_number',
  'shelf_location',
  'acquired_on',
  'source',
  'price',
  'condition_note',
];

/** A new batch: one copy on the book's shelf. */
export const newCopiesValues = (shelf: string | null | undefined): AddCopiesValues => ({
  mode: 'count',
  count: '1',
  accession_numbers: '',
  call_number: '',
  shelf_location: shelf ?? '',
  acquired_on: '',
  source: '',
  price: '',
  condition_note: '',
});

/** The accession numbers typed, one per line, blank lines left out (kept as given otherwise). */
export const accessionLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

function accessionListProblem(text: string): string | undefined {
  const lines = accessionLines(text);
  if (lines.length === 0) return COPY_FORM_MESSAGES.numbersRequired;
  if (lines.length > MAX_COPIES_AT_ONCE) return COPY_FORM_MESSAGES.tooManyNumbers;
  const seen = new Set<string>();
  for (const [index, value] of lines.entries()) {
    if (value.length > ACCESSION_LIMITS.codeMax) return COPY_FORM_MESSAGES.longNumber(index + 1);
    if (!ACCESSION_PATTERN.test(value)) return COPY_FORM_MESSAGES.badNumber(index + 1, value);
    const key = value.toLowerCase();
    if (seen.has(key)) return COPY_FORM_MESSAGES.repeatedNumber(value);
    seen.add(key);
  }
  return undefined;
}

function countProblem(text: string): string | undefined {
  if (!text.trim()) return COPY_FORM_MESSAGES.countRequired;
  const count = readWholeNumber(text);
  return count === null || count < 1 || count > MAX_COPIES_AT_ONCE ? COPY_FORM_MESSAGES.countRange : undefined;
}

function dateProblem(text: string, today: string): string | undefined {
  const date = text.trim();
  if (!date) return undefined;
  if (!isCalendarDate(date)) return COPY_FORM_MESSAGES.badDate;
  if (date < EARLIEST_ACQUISITION) return COPY_FORM_MESSAGES.earlyDate;
  return date > today ? COPY_FORM_MESSAGES.futureDate : undefined;
}

function priceProblem(text: string): string | undefined {
  if (!text.trim()) return undefined;
  const problem = amountProblem(text.trim());
  if (problem) return problem;
  const amount = readAmount(text.trim());
  return amount.ok && amount.minor > MAX_PRICE * 100 ? COPY_FORM_MESSAGES.priceTooHigh : undefined;
}

const tooLong = (text: string, limit: number): string | undefined => (text.trim().length > limit ? tooLongMessage(limit) : undefined);

/** The checks of the details every copy form shares; `today` is the library's date. */
function detailProblems(values: CopyDetailValues, today: string): FieldErrors<keyof CopyDetailValues> {
  return {
    call_number: tooLong(values.call_number, COPY_TEXT_LIMITS.call_number),
    shelf_location: tooLong(values.shelf_location, COPY_TEXT_LIMITS.shelf_location),
    acquired_on: dateProblem(values.acquired_on, today),
    source: values.source && !(COPY_SOURCES as readonly string[]).includes(values.source) ? COPY_FORM_MESSAGES.badSource : undefined,
    price: priceProblem(values.price),
    condition_note: tooLong(values.condition_note, COPY_TEXT_LIMITS.condition_note),
  };
}

/** The Add copies form's errors before sending (none: it may be sent). */
export function validateAddCopies(values: AddCopiesValues, today: string): FieldErrors<AddCopiesField> {
  const own: FieldErrors<AddCopiesField> = {
    ...detailProblems(values, today),
    ...(values.mode === 'count' ? { count: countProblem(values.count) } : { accession_numbers: accessionListProblem(values.accession_numbers) }),
  };
  const typed = {
    call_number: values.call_number,
    shelf_location: values.shelf_location,
    condition_note: values.condition_note,
  };
  return withControlCharacterErrors(own, typed, ['condition_note']);
}

/** The details as the API takes them: blank fields left out. */
function detailBody(values: CopyDetailValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of ['call_number', 'shelf_location', 'acquired_on', 'source', 'condition_note'] as const) {
    const text = values[field].trim();
    if (text) body[field] = text;
  }
  const price = readAmount(values.price.trim());
  if (values.price.trim() && price.ok) body['price'] = toDecimalString(price.minor);
  return body;
}

/** What `POST /books/books/{id}/copies/` is sent: the count or the list (never both), then the details given. */
export function addCopiesBody(values: AddCopiesValues): Record<string, unknown> {
  const batch = values.mode === 'list' ? { accession_numbers: accessionLines(values.accession_numbers) } : { count: readWholeNumber(values.count) ?? 1 };
  return { ...batch, ...detailBody(values) };
}

/** The Edit copy form: its barcode and details. */
export interface EditCopyValues extends CopyDetailValues {
  barcode: string;
}
export type EditCopyField = keyof EditCopyValues;

export const EDIT_COPY_FIELDS: readonly EditCopyField[] = ['barcode', 'call_number', 'shelf_location', 'acquired_on', 'source', 'price', 'condition_note'];

/** The form's values from the copy as the API answered it (its own price; blank when it is the book's). */
export const editCopyValues = (copy: CopyView): EditCopyValues => ({
  barcode: copy.barcode ?? '',
  call_number: copy.call_number ?? '',
  shelf_location: copy.shelf_location ?? '',
  acquired_on: copy.acquired_on ?? '',
  source: copy.source ?? '',
  price: copy.price ?? '',
  condition_note: copy.condition_note ?? '',
});

/** The Edit copy form's errors before sending. */
export function validateEditCopy(values: EditCopyValues, today: string): FieldErrors<EditCopyField> {
  const barcode = values.barcode.trim();
  const own: FieldErrors<EditCopyField> = {
    ...detailProblems(values, today),
    barcode:
      barcode.length > ACCESSION_LIMITS.codeMax
        ? COPY_FORM_MESSAGES.longBarcode
        : barcode && !ACCESSION_PATTERN.test(barcode)
          ? COPY_FORM_MESSAGES.badBarcode
          : undefined,
  };
  const typed = {
    call_number: values.call_number,
    shelf_location: values.shelf_location,
    condition_note: values.condition_note,
  };
  return withControlCharacterErrors(own, typed, ['condition_note']);
}

const priceOf = (text: string): string | null => {
  const amount = readAmount(text.trim());
  return text.trim() && amount.ok ? toDecimalString(amount.minor) : null;
};

/**
 * What `PATCH /books/copies/{id}/` is sent: only the fields changed, a cleared one as null (a
 * cleared price: the book's again; a cleared barcode: the accession number again).
 */
export function editCopyBody(values: EditCopyValues, copy: CopyView): Record<string, string | null> {
  const before = editCopyValues(copy);
  const body: Record<string, string | null> = {};
  for (const field of EDIT_COPY_FIELDS) {
    const now = values[field].trim();
    if (field === 'price') {
      if (priceOf(now) !== priceOf(before.price)) body['price'] = priceOf(now);
    } else if (field === 'barcode') {
      const barcode = now || copy.accession_no;
      if (barcode !== (copy.barcode ?? copy.accession_no)) body['barcode'] = barcode;
    } else if (now !== before[field].trim()) body[field] = now || null;
  }
  return body;
}

/** The status change dialog: the action chosen (its id) and the reason typed. */
export interface CopyStatusValues {
  action: string;
  reason: string;
}
export type CopyStatusField = keyof CopyStatusValues;

/** The status change's server errors shown under its fields (the server names the status and the reason). */
export const COPY_STATUS_FIELDS: readonly CopyStatusField[] = ['action', 'reason'];

/** The action of this id among those offered, or null. */
export const chosenAction = (values: Pick<CopyStatusValues, 'action'>, offered: readonly CopyStatusAction[]): CopyStatusAction | null =>
  offered.find((action) => action.id === values.action) ?? null;

/** The status change's errors: an action chosen, a reason where it needs one (the server's words), within its limit. */
export function validateCopyStatus(values: CopyStatusValues, offered: readonly CopyStatusAction[]): FieldErrors<CopyStatusField> {
  const action = chosenAction(values, offered);
  const reason = values.reason.trim();
  const own = {
    action: action ? undefined : COPY_FORM_MESSAGES.actionRequired,
    reason: action && actionNeedsReason(action) && !reason ? COPY_FORM_MESSAGES.reasonRequired : tooLong(reason, COPY_TEXT_LIMITS.reason),
  };
  return withControlCharacterErrors(own, { reason: values.reason }, ['reason']);
}

/** What the status change sends: the new status and, when given, the reason. */
export function copyStatusBody(action: CopyStatusAction, values: Pick<CopyStatusValues, 'reason'>): { status: CopyView['status']; reason?: string } {
  const reason = values.reason.trim();
  return reason ? { status: action.to, reason } : { status: action.to };
}

/** The source choices of the copy forms' select. */
export const sourceOptions = (labels: Readonly<Record<CopySource, string>>) => COPY_SOURCES.map((source) => ({ value: source, label: labels[source] }));
