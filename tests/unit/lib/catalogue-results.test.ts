import { describe, expect, test } from 'vitest';
import { catalogueFailure, catalogueResult } from '../../../src/lib/catalogue-results';
import { callErrorMessage } from '../../../src/lib/errors';

describe('catalogue results', () => {
  test('a page past the end goes back to the first page instead of failing', () => {
    expect(catalogueFailure({ status: 404, data: { detail: 'Invalid page.' } }, 3)).toEqual({ kind: 'to-first-page' });
  });

  test('a missing first page is an error like any other', () => {
    expect(catalogueFailure({ status: 404, data: { detail: 'Invalid page.' } }, 1)).toMatchObject({ kind: 'error' });
  });

  test.each<[string, unknown]>([
    ['a server error', { status: 500, data: { title: ['Database is down.'] } }],
    ['a network error', new TypeError('Failed to fetch')],
  ])('%s shows the catalogue call’s message', (_title, failure) => {
    expect(catalogueFailure(failure, 2)).toEqual({ kind: 'error', message: callErrorMessage('catalogue', failure) });
  });

  test('an answer gives the count and the books of the page', () => {
    expect(catalogueResult({ count: 30, results: [] })).toEqual({ kind: 'ready', count: 30, books: [] });
  });
});
