import { describe, expect, test } from 'vitest';
import {
  bookFormData,
  bookToValues,
  emptyBookValues,
  isCoverImage,
  isPdfFile,
  noBookFiles,
  validateBookForm,
  type BookFormValues,
} from '../../../src/lib/book-form';
import type { Book } from '../../../src/lib/schemas/books';

const filled = (changes: Partial<BookFormValues> = {}): BookFormValues => ({
  ...emptyBookValues(),
  title: '  Dune ',
  author: 'Frank Herbert',
  isbn: '0-441-17271-7',
  department: '2',
  publisher: 'Chilton',
  total_copies: '3',
  category: '5',
  rack_no: 'R-12',
  language: '1',
  ...changes,
});

const png = (name = 'cover.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const pdf = (name = 'book.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('validateBookForm', () => {
  test('marks every required field of an empty form with Required', () => {
    expect(validateBookForm(emptyBookValues(), 'add')).toEqual({
      title: 'Required',
      author: 'Required',
      isbn: 'Required',
      department: 'Required',
      publisher: 'Required',
      total_copies: 'Required',
      category: 'Required',
      rack_no: 'Required',
      language: 'Required',
    });
  });

  test('treats a value of spaces as empty', () => {
    expect(validateBookForm(filled({ title: '   ' }), 'add')).toEqual({ title: 'Required' });
  });

  test('accepts a complete book without optional fields', () => {
    expect(validateBookForm(filled(), 'add')).toEqual({});
  });

  test.each([
    ['abc', 'Enter a whole number from 1 to 100,000.'],
    ['0', 'Enter a whole number from 1 to 100,000.'],
    ['2.5', 'Enter a whole number from 1 to 100,000.'],
    ['-1', 'Enter a whole number from 1 to 100,000.'],
    ['100001', 'Enter a whole number from 1 to 100,000.'],
    ['100000', undefined],
    [' 7 ', undefined],
  ])('total copies %j gives %j', (total_copies, message) => {
    expect(validateBookForm(filled({ total_copies }), 'add').total_copies).toBe(message);
  });

  test.each([
    ['0-441-17271-7', undefined],
    ['978-0-441-17271-9', undefined],
    ['0-441-17271-8', 'Enter a valid ISBN-10 or ISBN-13.'],
    ['12345', 'Enter a valid ISBN-10 or ISBN-13.'],
  ])('ISBN %j gives %j', (isbn, message) => {
    expect(validateBookForm(filled({ isbn }), 'add').isbn).toBe(message);
  });

  test.each([
    ['12.50', undefined],
    ['0', undefined],
    ['12.345', 'Ensure that there are no more than 2 decimal places.'],
    ['-3', 'Enter an amount of 0 or more, with at most 2 decimals.'],
    ['ten', 'Enter an amount of 0 or more, with at most 2 decimals.'],
  ])('price %j gives %j', (price, message) => {
    expect(validateBookForm(filled({ price }), 'add').price).toBe(message);
  });

  test.each([
    ['2026-02-28', undefined],
    ['2026-02-30', 'Enter a date as YYYY-MM-DD.'],
    ['28/02/2026', 'Enter a date as YYYY-MM-DD.'],
  ])('date of entry %j gives %j', (date_of_entry, message) => {
    expect(validateBookForm(filled({ date_of_entry }), 'add').date_of_entry).toBe(message);
  });

  test('does not ask for a status on add', () => {
    expect(validateBookForm(filled({ status: '' }), 'add').status).toBeUndefined();
  });

  test('asks for a status on update', () => {
    expect(validateBookForm(filled({ status: '' }), 'edit', 'ACTIVE').status).toBe('Status is required');
  });

  test.each([
    ['LOST', 'ACTIVE', '', 'Reason is required when changing status to LOST or WRITE_OFF.'],
    ['WRITE_OFF', 'ACTIVE', '  ', 'Reason is required when changing status to LOST or WRITE_OFF.'],
    ['LOST', 'ACTIVE', 'Not returned after the fair', undefined],
    ['LOST', 'LOST', '', undefined],
    ['ACTIVE', 'LOST', '', undefined],
  ] as const)('status %s (was %s) with reason %j gives %j', (status, original, reason, message) => {
    expect(validateBookForm(filled({ status, reason }), 'edit', original).reason).toBe(message);
  });
});

describe('bookFormData', () => {
  test('sends the required fields trimmed and leaves empty optional fields out on add', () => {
    const body = bookFormData(filled(), noBookFiles(), 'add');
    expect(body.get('title')).toBe('Dune');
    expect(body.get('isbn')).toBe('0-441-17271-7');
    expect(body.get('department')).toBe('2');
    expect(body.get('total_copies')).toBe('3');
    for (const absent of ['edition', 'shelf_location', 'price', 'date_of_entry', 'detailed_description', 'status', 'reason']) {
      expect(body.has(absent), absent).toBe(false);
    }
  });

  test('never sends a status, a reason or clear flags on add', () => {
    const values = filled({ status: 'LOST', reason: 'Gone' });
    const body = bookFormData(values, { covers: [], clearCovers: true, ebook: { kind: 'clear' } }, 'add');
    for (const absent of ['status', 'reason', 'cover_photo_clear', 'ebook_file_clear']) expect(body.has(absent), absent).toBe(false);
  });

  test('repeats cover_photo for every chosen cover and sends the e-book', () => {
    const covers = [png('front.png'), png('back.png')];
    const ebook = pdf();
    const body = bookFormData(filled(), { covers, clearCovers: false, ebook: { kind: 'replace', file: ebook } }, 'add');
    const sent = body.getAll('cover_photo') as File[];
    expect(sent.map((file) => file.name)).toEqual(['front.png', 'back.png']);
    expect((body.get('ebook_file') as File).name).toBe('book.pdf');
  });

  test('sends the status, the reason when LOST or WRITE_OFF, and the optional fields on update', () => {
    const values = filled({ status: 'LOST', reason: ' Left on a train ', edition: '', price: '12.5', date_of_entry: '2026-01-02' });
    const body = bookFormData(values, noBookFiles(), 'edit');
    expect(body.get('status')).toBe('LOST');
    expect(body.get('reason')).toBe('Left on a train');
    expect(body.get('edition')).toBe('');
    expect(body.get('price')).toBe('12.5');
    expect(body.get('date_of_entry')).toBe('2026-01-02');
  });

  test('leaves the reason out when the status is ACTIVE', () => {
    const body = bookFormData(filled({ status: 'ACTIVE', reason: 'old text' }), noBookFiles(), 'edit');
    expect(body.get('status')).toBe('ACTIVE');
    expect(body.has('reason')).toBe(false);
  });

  test('asks the server to remove the existing covers and e-book on update', () => {
    const body = bookFormData(filled({ status: 'ACTIVE' }), { covers: [png()], clearCovers: true, ebook: { kind: 'clear' } }, 'edit');
    expect(body.get('cover_photo_clear')).toBe('true');
    expect(body.get('ebook_file_clear')).toBe('true');
    expect(body.getAll('cover_photo')).toHaveLength(1);
  });
});

describe('bookToValues', () => {
  const book: Book = {
    id: 7,
    title: 'Dune',
    author: 'Frank Herbert',
    isbn: '0441172717',
    department: { id: 2, name: 'Science' },
    category: { id: 5, name: 'Fiction', image: null },
    language: { id: 1, name: 'English' },
    publisher: 'Chilton',
    edition: null,
    total_copies: 3,
    available_copies: 3,
    rack_no: 'R-12',
    shelf_location: null,
    date_of_entry: '2026-01-02',
    status: 'LOST',
    status_reason: 'Left on a train',
    price: '12.50',
    detailed_description: null,
    cover_photo: null,
    cover_photos: [],
    ebook_file: null,
  };

  test('fills the form with ids as text and empty strings for missing values', () => {
    expect(bookToValues(book)).toEqual({
      title: 'Dune',
      author: 'Frank Herbert',
      isbn: '0441172717',
      department: '2',
      publisher: 'Chilton',
      total_copies: '3',
      category: '5',
      rack_no: 'R-12',
      language: '1',
      edition: '',
      shelf_location: '',
      price: '12.50',
      date_of_entry: '2026-01-02',
      detailed_description: '',
      status: 'LOST',
      reason: 'Left on a train',
    });
  });

  test('round-trips into a body that passes validation', () => {
    const values = bookToValues({ ...book, status: 'ACTIVE', status_reason: null });
    expect(validateBookForm(values, 'edit', 'ACTIVE')).toEqual({});
  });
});

describe('file checks', () => {
  test.each([
    [{ name: 'book.pdf', type: 'application/pdf' }, true],
    [{ name: 'book.PDF', type: '' }, true],
    [{ name: 'cover.png', type: 'image/png' }, false],
    [{ name: 'renamed.pdf', type: 'image/png' }, false],
  ])('isPdfFile(%j) is %s', (file, expected) => {
    expect(isPdfFile(file)).toBe(expected);
  });

  test.each([
    [{ name: 'a.png', type: 'image/png' }, true],
    [{ name: 'a.webp', type: 'image/webp' }, true],
    [{ name: 'a.JPG', type: '' }, true],
    [{ name: 'a.gif', type: 'image/gif' }, false],
    [{ name: 'a.pdf', type: 'application/pdf' }, false],
  ])('isCoverImage(%j) is %s', (file, expected) => {
    expect(isCoverImage(file)).toBe(expected);
  });
});
