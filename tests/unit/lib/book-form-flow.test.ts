/** The Add/Update Book dialog's flow without a browser: its lists, what a save sends, its notice. */
import { describe, expect, test } from 'vitest';
import { tooLargeMessage } from '#shared/upload-rules';
import { bookChoices, bookLists, bookSave, bookSavedNotice, coverRefusal, withCurrent, type ListState } from '../../../src/lib/book-form-flow';

const ready = (...names: string[]): ListState => ({ status: 'ready', items: names.map((name, i) => ({ id: i + 1, name })) });

describe('the book form’s lists', () => {
  test('waits while any list loads', () => {
    expect(bookLists({ departments: ready('Science'), categories: { status: 'loading' }, languages: ready('English') })).toBeNull();
  });

  test('stops on the first failed list, naming its call', () => {
    const error = new Error('down');
    expect(bookLists({ departments: ready('Science'), categories: { status: 'failed', error }, languages: { status: 'failed', error: 'x' } })).toEqual({ failed: { call: 'fetch-category', error } });
  });

  test('offers every ready list as choices', () => {
    expect(bookLists({ departments: ready('Science'), categories: ready('Fiction', 'Poetry'), languages: ready('English') })).toEqual({
      ready: {
        departments: [{ value: '1', label: 'Science' }],
        categories: [
          { value: '1', label: 'Fiction' },
          { value: '2', label: 'Poetry' },
        ],
        languages: [{ value: '1', label: 'English' }],
      },
    });
  });

  test.each([
    ['adds the book’s own reference the list no longer has', { id: 9, name: 'Old name' }, ['1', '9']],
    ['keeps the list when it has the book’s reference', { id: 1, name: 'Science' }, ['1']],
    ['keeps the list on add', null, ['1']],
  ])('%s', (_title, current, values) => {
    expect(withCurrent([{ value: '1', label: 'Science' }], current).map((choice) => choice.value)).toEqual(values);
  });

  test('a book’s three references stay offered', () => {
    const lists = { departments: [], categories: [], languages: [] };
    const choices = bookChoices(lists, { department: { id: 1, name: 'D' }, category: { id: 2, name: 'C' }, language: null });
    expect(choices).toEqual({ departments: [{ value: '1', label: 'D' }], categories: [{ value: '2', label: 'C' }], languages: [] });
  });
});

describe('what a save sends', () => {
  test.each([
    ['a new book is created', null, { call: 'create', body: 'form' }, 'Book added successfully'],
    ['an edited book is updated by its id', 12, { call: 'update', id: 12, body: 'form' }, 'Book updated successfully'],
  ])('%s', (_title, bookId, save, notice) => {
    expect(bookSave(bookId, 'form')).toEqual(save);
    expect(bookSavedNotice(bookId)).toBe(notice);
  });
});

describe('why cover images were turned down', () => {
  const messages = { tooMany: 'A book keeps at most 10 covers.', notImage: 'Upload a valid image.' };
  test.each([
    ['none turned down', [], null],
    ['too many for the places left', ['FILE_TOO_LARGE', 'TOO_MANY_FILES'], messages.tooMany],
    ['too large', ['FILE_TOO_LARGE'], tooLargeMessage(2048)],
    ['not an image', ['FILE_INVALID_TYPE'], messages.notImage],
  ])('%s', (_title, codes, message) => {
    expect(coverRefusal(codes, 2048, messages)).toBe(message);
  });
});
