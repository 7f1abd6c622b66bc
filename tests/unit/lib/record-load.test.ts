import { describe, expect, test, vi } from 'vitest';
import { loadRecord, refreshed } from '../../../src/lib/record-load';

const failWith = (status: number) => () => Promise.reject({ status, data: { detail: 'Nope.' } });

describe('loadRecord', () => {
  test('an empty id is not found and nothing is fetched', async () => {
    const fetch = vi.fn();
    expect(await loadRecord('', fetch, () => 'x')).toEqual({ kind: 'not-found' });
    expect(fetch).not.toHaveBeenCalled();
  });

  test('the fetched record is ready', async () => {
    expect(await loadRecord('7', async (id) => ({ id }), () => 'x')).toEqual({ kind: 'ready', record: { id: '7' } });
  });

  test.each([
    [404, { kind: 'not-found' }],
    [403, { kind: 'forbidden' }],
    [500, { kind: 'error', message: 'Could not load.' }],
  ])('an answer of %i shows as %o', async (status, shown) => {
    expect(await loadRecord('7', failWith(status), () => 'Could not load.')).toEqual(shown);
  });

  test('a failed load reads its message from the failure', async () => {
    const failure = new Error('offline');
    const errorText = vi.fn(() => 'The book could not be loaded');
    await loadRecord('7', () => Promise.reject(failure), errorText);
    expect(errorText).toHaveBeenCalledWith(failure);
  });
});

describe('refreshed', () => {
  const shown = { kind: 'ready', record: { id: 1 } } as const;
  test('a failed refresh keeps the record on screen', () => {
    expect(refreshed(shown, { kind: 'error', message: 'offline' })).toBe(shown);
  });
  test('a refresh shows the new record, or that it is gone', () => {
    expect(refreshed(shown, { kind: 'ready', record: { id: 2 } })).toEqual({ kind: 'ready', record: { id: 2 } });
    expect(refreshed(shown, { kind: 'not-found' })).toEqual({ kind: 'not-found' });
  });
  test('a failure with nothing shown is the failure', () => {
    expect(refreshed({ kind: 'loading' }, { kind: 'error', message: 'offline' })).toEqual({ kind: 'error', message: 'offline' });
  });
});
