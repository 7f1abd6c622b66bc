import { describe, expect, test } from 'vitest';
import { listEmptyText, searchStep, withFilter } from '../../../src/lib/server-list';
import type { TableState } from '../../../src/lib/table-query';

const state = (over: Partial<TableState<'status'>> = {}): TableState<'status'> => ({ search: '', filters: { status: '' }, ordering: '', page: 3, pageSize: 25, ...over });

describe('a server list’s search and filter', () => {
  test('a new search goes back to page 1 with a history entry', () => {
    const step = searchStep(state(), 'tolstoy');
    expect(step.mode).toBe('push');
    expect(step.change(state())).toMatchObject({ search: 'tolstoy', page: 1 });
  });

  test('typing on refines the search in place; clearing it is a step of its own', () => {
    expect(searchStep(state({ search: 'tol' }), 'tols').mode).toBe('replace');
    expect(searchStep(state({ search: 'tol' }), '').mode).toBe('push');
  });

  test('a filter goes back to page 1 and keeps the search', () => {
    expect(withFilter('status', 'HELD')(state({ search: 'x' }))).toEqual(state({ search: 'x', filters: { status: 'HELD' }, page: 1 }));
  });
});

describe('listEmptyText', () => {
  const texts = { failed: 'No loans to show.', searched: 'No loans match your search.', filtered: 'No loan is overdue.', none: 'No books are issued.' };
  test.each([
    [{ failed: true, searched: true, filtered: true }, 'No loans to show.'],
    [{ failed: false, searched: true, filtered: true }, 'No loans match your search.'],
    [{ failed: false, searched: false, filtered: true }, 'No loan is overdue.'],
    [{ failed: false, searched: false, filtered: false }, 'No books are issued.'],
  ])('%o says %s', (flags, text) => {
    expect(listEmptyText(texts, flags)).toBe(text);
  });

  test('a list without its own filtered text says the search text for a filter too', () => {
    expect(listEmptyText({ failed: 'x', searched: 'No match.', none: 'None.' }, { failed: false, searched: false, filtered: true })).toBe('No match.');
  });
});
