import { describe, expect, test } from 'vitest';
import { SCAN_RESULTS, type StockCounts, type StockSession } from '../../src/lib/schemas/stock-verification';
import {
  SCAN_CUES,
  STOCK_MESSAGES,
  canMarkMissing,
  countFigures,
  filtersText,
  markMissingLabel,
  newSessionBody,
  progressPercent,
  reportFileName,
  scanCue,
  sessionIdOf,
  stockErrorMessage,
  validateNewSession,
} from '../../src/lib/stock-verification';

const COUNTS: StockCounts = { expected: 120, expected_shelf: 100, expected_away: 20, seen: 30, not_seen: 90, seen_away: 2, unexpected: 4, scans: 37 };

const session = (over: Partial<StockSession> = {}): StockSession => ({
  id: 7,
  name: 'Annual stock',
  filters: { department: null, category: null, shelf: null },
  status: 'OPEN',
  opened_at: '2026-11-27T10:00:00Z',
  opened_by: { id: 1, name: 'admin' },
  closed_at: null,
  closed_by: null,
  missing_marked_at: null,
  missing_marked_count: null,
  counts: COUNTS,
  recent_scans: [],
  ...over,
});

const httpError = (status: number, data: unknown) => Object.assign(new Error('refused'), { status, data });

describe('scan cues', () => {
  test.each([
    ['FOUND', 'Found', 'success', 'check'],
    ['FOUND_MISSING', 'Found — was missing', 'success', 'check'],
    ['ON_LOAN', 'On loan — should be away', 'warning', 'alert'],
    ['HELD', 'Held', 'warning', 'alert'],
    ['NOT_EXPECTED', 'Not expected here', 'warning', 'alert'],
    ['WITHDRAWN', 'Withdrawn', 'danger', 'cross'],
    ['UNKNOWN', 'Unknown', 'danger', 'cross'],
    ['ALREADY_SCANNED', 'Already scanned', 'neutral', 'info'],
  ] as const)('says %s as “%s” in the %s tone with the %s icon', (result, word, tone, icon) => {
    expect(scanCue(result)).toMatchObject({ word, tone, icon });
  });

  test('gives every result the server can answer a word and a hint of its own', () => {
    expect(Object.keys(SCAN_CUES).sort()).toEqual([...SCAN_RESULTS].sort());
    const words = SCAN_RESULTS.map((result) => SCAN_CUES[result].word);
    expect(new Set(words).size).toBe(words.length);
    for (const result of SCAN_RESULTS) expect(SCAN_CUES[result].hint).not.toBe('');
  });

  test('never tells two tones apart by colour alone: each tone has its own icon', () => {
    const iconsByTone = new Map<string, Set<string>>();
    for (const cue of Object.values(SCAN_CUES)) iconsByTone.set(cue.tone, (iconsByTone.get(cue.tone) ?? new Set()).add(cue.icon));
    const seen = [...iconsByTone.values()].flatMap((icons) => [...icons]);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('counts', () => {
  test('lists expected, seen, not seen and unexpected in that order', () => {
    expect(countFigures(COUNTS).map((figure) => [figure.label, figure.value])).toEqual([
      ['Expected', 120],
      ['Seen', 30],
      ['Not seen', 90],
      ['Unexpected', 4],
    ]);
  });

  test.each([
    [{ expected: 0, seen: 0 }, 0],
    [{ expected: 3, seen: 1 }, 33],
    [{ expected: 3, seen: 3 }, 100],
    [{ expected: 2, seen: 5 }, 100],
  ])('shows progress %o as %i %%', (part, percent) => {
    expect(progressPercent({ ...COUNTS, ...part })).toBe(percent);
  });
});

describe('the new session form', () => {
  test.each([
    ['', STOCK_MESSAGES.nameRequired],
    ['   ', STOCK_MESSAGES.nameRequired],
    ['x'.repeat(101), STOCK_MESSAGES.nameTooLong],
  ])('refuses the name %j', (name, message) => {
    expect(validateNewSession({ name, department: '', category: '', shelf: '' }).name).toBe(message);
  });

  test('accepts a name of 100 characters and no filters', () => {
    expect(validateNewSession({ name: 'x'.repeat(100), department: '', category: '', shelf: '' })).toEqual({});
  });

  test('sends the trimmed name and only the filters chosen, ids as numbers', () => {
    expect(newSessionBody({ name: ' Science ', department: '', category: '', shelf: '  ' })).toEqual({ name: 'Science' });
    expect(newSessionBody({ name: 'A', department: '3', category: '5', shelf: ' R-2 ' })).toEqual({ name: 'A', department: 3, category: 5, shelf: 'R-2' });
  });
});

describe('the session screen', () => {
  test.each([
    ['?id=12', '12'],
    ['?id=0', null],
    ['?id=abc', null],
    ['', null],
    ['?id=12&x=1', '12'],
  ])('reads the session id of %j as %j', (search, id) => {
    expect(sessionIdOf(search)).toBe(id);
  });

  test('words the filters, or says the session covers every copy', () => {
    expect(filtersText({ department: null, category: null, shelf: null })).toBe('All copies');
    expect(filtersText({ department: { id: 1, name: 'Science' }, category: null, shelf: 'R-2' })).toBe('Department: Science · Shelf: R-2');
  });

  test('offers marking missing once, on a closed session with unseen copies', () => {
    expect(canMarkMissing(session())).toBe(false);
    expect(canMarkMissing(session({ status: 'CLOSED' }))).toBe(true);
    expect(canMarkMissing(session({ status: 'CLOSED', missing_marked_at: '2026-11-27T12:00:00Z' }))).toBe(false);
    expect(canMarkMissing(session({ status: 'CLOSED', counts: { ...COUNTS, not_seen: 0 } }))).toBe(false);
  });

  test('names the copies it will mark in its button', () => {
    expect(markMissingLabel(1)).toBe('Mark 1 copy missing');
    expect(markMissingLabel(12)).toBe('Mark 12 copies missing');
  });

  test('names the CSV by session and group', () => {
    expect(reportFileName(7, 'seen_away')).toBe('stock-verification-7-seen-away.csv');
  });

  test('words a failed call by the server’s detail, a 404 as a missing session, else the fallback', () => {
    expect(stockErrorMessage(httpError(409, { detail: 'This verification is closed.' }), 'x')).toBe('This verification is closed.');
    expect(stockErrorMessage(httpError(400, { barcode: ['Enter a barcode.'] }), 'x')).toBe('Enter a barcode.');
    expect(stockErrorMessage(httpError(404, { detail: 'Not found.' }), 'x')).toBe(STOCK_MESSAGES.notFound);
    expect(stockErrorMessage(httpError(500, {}), STOCK_MESSAGES.loadFailed)).toBe(STOCK_MESSAGES.loadFailed);
  });
});
