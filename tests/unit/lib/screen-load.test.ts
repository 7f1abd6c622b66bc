import { describe, expect, test } from 'vitest';
import { loadScreen, toggleOpen, withOpened } from '../../../src/lib/screen-load';

describe('loadScreen', () => {
  test('the loaded settings are ready', async () => {
    expect(await loadScreen(async () => ({ library_name: 'City' }), () => 'x')).toEqual({ kind: 'ready', value: { library_name: 'City' } });
  });

  test('a failed load keeps the message the call names (even an empty one)', async () => {
    expect(await loadScreen(() => Promise.reject(new Error('offline')), () => 'Settings could not be loaded.')).toEqual({ kind: 'failed', message: 'Settings could not be loaded.' });
    expect(await loadScreen(() => Promise.reject(new Error('offline')), () => '')).toEqual({ kind: 'failed', message: '' });
  });
});

describe('the open notices', () => {
  test('a notice opens and closes in turn', () => {
    const open = toggleOpen(new Set<string>(), 'due_soon');
    expect([...open]).toEqual(['due_soon']);
    expect([...toggleOpen(open, 'due_soon')]).toEqual([]);
  });

  test('refused notices open; the same set when all are open already', () => {
    const open = new Set(['overdue']);
    expect([...withOpened(open, ['due_soon', 'overdue'])]).toEqual(['overdue', 'due_soon']);
    expect(withOpened(open, ['overdue'])).toBe(open);
  });
});
