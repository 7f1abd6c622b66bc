import { describe, expect, test } from 'vitest';
import { COPY_MESSAGES } from '#shared/copies';
import { AMOUNT_MESSAGES } from '#shared/money';
import { statusActionsFor } from '../../src/lib/book-copies';
import {
  COPY_FORM_MESSAGES,
  accessionLines,
  chosenAction,
  addCopiesBody,
  copyStatusBody,
  editCopyBody,
  editCopyValues,
  newCopiesValues,
  validateAddCopies,
  validateCopyStatus,
  validateEditCopy,
  type AddCopiesValues,
} from '../../src/lib/book-copies-forms';
import { CONTROL_CHARACTERS_MESSAGE } from '#shared/control-characters';
import type { CopyView } from '../../src/lib/schemas/copies';

const TODAY = '2026-11-27';
const values = (over: Partial<AddCopiesValues> = {}): AddCopiesValues => ({
  ...newCopiesValues('Shelf C2'),
  ...over,
});
const errorsOf = (over: Partial<AddCopiesValues>) => Object.fromEntries(Object.entries(validateAddCopies(values(over), TODAY)).filter(([, m]) => m));

describe('the Add copies form', () => {
  test('starts with one copy on the book’s shelf and sends just the count and shelf', () => {
    expect(errorsOf({})).toEqual({});
    expect(addCopiesBody(values())).toEqual({
      count: 1,
      shelf_location: 'Shelf C2',
    });
  });

  test.each<[Partial<AddCopiesValues>, Record<string, string>]>([
    [{ count: '' }, { count: COPY_FORM_MESSAGES.countRequired }],
    [{ count: '0' }, { count: COPY_FORM_MESSAGES.countRange }],
    [{ count: '501' }, { count: COPY_FORM_MESSAGES.countRange }],
    [{ count: '2.5' }, { count: COPY_FORM_MESSAGES.countRange }],
    [{ mode: 'list', accession_numbers: '\n  \n' }, { accession_numbers: COPY_FORM_MESSAGES.numbersRequired }],
    [{ mode: 'list', accession_numbers: 'A-1\nhas space' }, { accession_numbers: COPY_FORM_MESSAGES.badNumber(2, 'has space') }],
    [{ mode: 'list', accession_numbers: 'A-1\na-1' }, { accession_numbers: COPY_FORM_MESSAGES.repeatedNumber('a-1') }],
    [{ mode: 'list', accession_numbers: 'x'.repeat(41) }, { accession_numbers: COPY_FORM_MESSAGES.longNumber(1) }],
    [
      {
        mode: 'list',
        accession_numbers: Array.from({ length: 501 }, (_, i) => `B-${i}`).join('\n'),
      },
      { accession_numbers: COPY_FORM_MESSAGES.tooManyNumbers },
    ],
    [{ acquired_on: '2026-02-30' }, { acquired_on: COPY_FORM_MESSAGES.badDate }],
    [{ acquired_on: '1899-12-31' }, { acquired_on: COPY_FORM_MESSAGES.earlyDate }],
    [{ acquired_on: '2026-11-28' }, { acquired_on: COPY_FORM_MESSAGES.futureDate }],
    [{ source: 'STOLEN' }, { source: COPY_FORM_MESSAGES.badSource }],
    [{ price: '12.345' }, { price: AMOUNT_MESSAGES.decimals }],
    [{ price: '-1' }, { price: AMOUNT_MESSAGES.invalid }],
    [{ price: '1000000' }, { price: COPY_FORM_MESSAGES.priceTooHigh }],
    [{ call_number: 'a\u0007b' }, { call_number: CONTROL_CHARACTERS_MESSAGE }],
    [{ shelf_location: 'x'.repeat(101) }, { shelf_location: 'Ensure this field has no more than 100 characters.' }],
    [{ call_number: 'x'.repeat(51) }, { call_number: 'Ensure this field has no more than 50 characters.' }],
    [{ condition_note: 'x'.repeat(501) }, { condition_note: 'Ensure this field has no more than 500 characters.' }],
  ])('refuses %j', (over, expected) => {
    expect(errorsOf(over)).toEqual(expected);
  });

  test('a count left in the box is not checked while accession numbers are listed, and is not sent', () => {
    expect(errorsOf({ mode: 'list', count: '', accession_numbers: 'A-1' })).toEqual({});
    expect(
      addCopiesBody(
        values({
          mode: 'list',
          count: '3',
          accession_numbers: ' R-0001 \n\nr-0002\n',
        }),
      ),
    ).toEqual({
      accession_numbers: ['R-0001', 'r-0002'],
      shelf_location: 'Shelf C2',
    });
  });

  test('a condition note may hold several lines', () => {
    expect(errorsOf({ condition_note: 'Torn cover\nPages loose' })).toEqual({});
  });

  test('sends every detail given, the price as a decimal string', () => {
    const body = addCopiesBody(
      values({
        count: ' 3 ',
        call_number: ' 530.1 HAW ',
        acquired_on: '2026-01-05',
        source: 'DONATION',
        price: '120',
        condition_note: 'New',
      }),
    );
    expect(body).toEqual({
      count: 3,
      call_number: '530.1 HAW',
      shelf_location: 'Shelf C2',
      acquired_on: '2026-01-05',
      source: 'DONATION',
      price: '120.00',
      condition_note: 'New',
    });
  });

  test('keeps accession numbers as given, one per line', () => {
    expect(accessionLines('ACC-1\r\n  OLD/77 \n\n')).toEqual(['ACC-1', 'OLD/77']);
  });
});

const copy: CopyView = {
  id: 5,
  book_id: 2,
  copy_no: 1,
  accession_no: 'ACC-00001',
  barcode: 'ACC-00001',
  call_number: null,
  shelf_location: 'Shelf C2',
  acquired_on: '2026-01-05',
  source: 'PURCHASE',
  price: null,
  effective_price: '300.00',
  condition_note: null,
  status: 'AVAILABLE',
  status_reason: null,
  status_changed_at: null,
  withdrawn_on: null,
  created_at: '2026-11-27T10:00:00.000Z',
  book: { id: 2, title: 'Emma', author: 'Austen', isbn: '9780000000002' },
  loan: null,
  hold: null,
};

describe('the Edit copy form', () => {
  test('starts from the copy, its price blank when it is the book’s', () => {
    expect(editCopyValues(copy)).toEqual({
      barcode: 'ACC-00001',
      call_number: '',
      shelf_location: 'Shelf C2',
      acquired_on: '2026-01-05',
      source: 'PURCHASE',
      price: '',
      condition_note: '',
    });
  });

  test('sends only what changed, a cleared field as null', () => {
    const edited = {
      ...editCopyValues(copy),
      barcode: 'BC-777',
      call_number: '823 AUS',
      shelf_location: '',
      price: '99.5',
    };
    expect(editCopyBody(edited, copy)).toEqual({
      barcode: 'BC-777',
      call_number: '823 AUS',
      shelf_location: null,
      price: '99.50',
    });
    expect(editCopyBody(editCopyValues(copy), copy)).toEqual({});
  });

  test('a cleared barcode is the accession number again', () => {
    const relabelled = { ...copy, barcode: 'BC-777' };
    expect(editCopyBody({ ...editCopyValues(relabelled), barcode: ' ' }, relabelled)).toEqual({ barcode: 'ACC-00001' });
    expect(editCopyBody({ ...editCopyValues(copy), barcode: '' }, copy)).toEqual({});
    expect(editCopyBody({ ...editCopyValues({ ...copy, price: '99.50' }), price: '' }, { ...copy, price: '99.50' })).toEqual({ price: null });
    expect(editCopyBody({ ...editCopyValues({ ...copy, price: '99.50' }), price: '99.5' }, { ...copy, price: '99.50' })).toEqual({});
  });

  test.each([
    [{ barcode: 'two words' }, { barcode: COPY_FORM_MESSAGES.badBarcode }],
    [{ barcode: 'x'.repeat(41) }, { barcode: COPY_FORM_MESSAGES.longBarcode }],
    [{ acquired_on: '2026-11-28' }, { acquired_on: COPY_FORM_MESSAGES.futureDate }],
  ])('refuses %j', (over, expected) => {
    const found = Object.fromEntries(Object.entries(validateEditCopy({ ...editCopyValues(copy), ...over }, TODAY)).filter(([, m]) => m));
    expect(found).toEqual(expected);
  });
});

describe('a status change', () => {
  const offered = statusActionsFor('AVAILABLE');
  const [damaged] = offered;
  const [repaired] = statusActionsFor('DAMAGED');

  test('asks which action, and a reason where the shared rule needs one (the server’s words)', () => {
    expect(validateCopyStatus({ action: '', reason: '' }, offered)).toMatchObject({ action: COPY_FORM_MESSAGES.actionRequired });
    expect(validateCopyStatus({ action: 'repaired', reason: '' }, offered)).toMatchObject({ action: COPY_FORM_MESSAGES.actionRequired });
    expect(validateCopyStatus({ action: 'damaged', reason: '  ' }, offered)).toEqual({ action: undefined, reason: COPY_MESSAGES.reasonRequired });
    expect(validateCopyStatus({ action: 'repaired', reason: '' }, statusActionsFor('DAMAGED'))).toEqual({ action: undefined, reason: undefined });
    expect(validateCopyStatus({ action: 'withdraw', reason: 'x'.repeat(201) }, offered).reason).toBe('Ensure this field has no more than 200 characters.');
    expect(chosenAction({ action: 'lost' }, offered)?.to).toBe('LOST');
  });

  test('sends the new status and the reason given', () => {
    expect(copyStatusBody(damaged!, { reason: ' Spine broken ' })).toEqual({
      status: 'DAMAGED',
      reason: 'Spine broken',
    });
    expect(copyStatusBody(repaired!, { reason: '' })).toEqual({
      status: 'AVAILABLE',
    });
  });
});
