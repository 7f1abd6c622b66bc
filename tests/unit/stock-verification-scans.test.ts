import { describe, expect, test } from 'vitest';
import type { ScanAnswer, StockCounts, StockScan } from '../../src/lib/schemas/stock-verification';
import { SHOWN_SCANS, emptyScanQueue, latestEntry, nextToSend, scanQueueReducer, waitingCount, type ScanQueueAction, type ScanQueueState } from '../../src/lib/stock-verification-scans';

const counts = (seen: number): StockCounts => ({ expected: 10, expected_shelf: 8, expected_away: 2, seen, not_seen: 8 - seen, seen_away: 0, unexpected: 0, scans: seen });
const answer = (result: ScanAnswer['result'], seen: number): ScanAnswer => ({ result, message: null, copy: null, counts: counts(seen) });
const run = (actions: ScanQueueAction[], start: ScanQueueState = emptyScanQueue()): ScanQueueState => actions.reduce(scanQueueReducer, start);
const typed = (...texts: string[]): ScanQueueAction[] => texts.map((text) => ({ type: 'typed', text }));

/** Sends and answers every waiting scan in the order nextToSend gives; returns the barcodes sent. */
function drain(state: ScanQueueState, result: ScanAnswer['result'] = 'FOUND'): { state: ScanQueueState; sent: string[] } {
  const sent: string[] = [];
  let seen = 0;
  for (let next = nextToSend(state); next; next = nextToSend(state)) {
    sent.push(next.barcode);
    state = run([{ type: 'sent', key: next.key }], state);
    expect(nextToSend(state)).toBeNull();
    state = run([{ type: 'answered', key: next.key, answer: answer(result, ++seen) }], state);
  }
  return { state, sent };
}

describe('the scan queue', () => {
  test('sends scans typed faster than the server answers one at a time, in the order they were typed', () => {
    const state = run(typed('ACC-1', 'ACC-2', 'ACC-3'));
    expect(waitingCount(state)).toBe(3);
    const { state: done, sent } = drain(state);
    expect(sent).toEqual(['ACC-1', 'ACC-2', 'ACC-3']);
    expect(waitingCount(done)).toBe(0);
    expect(done.counts?.seen).toBe(3);
  });

  test('keeps scans typed while one is on its way, none lost', () => {
    let state = run(typed('A'));
    const first = nextToSend(state)!;
    state = run([{ type: 'sent', key: first.key }, ...typed('B', 'C')], state);
    expect(nextToSend(state)).toBeNull();
    state = run([{ type: 'answered', key: first.key, answer: answer('FOUND', 1) }], state);
    const { sent } = drain(state);
    expect(sent).toEqual(['B', 'C']);
  });

  test('lists the newest scan first and shows its answer', () => {
    const { state } = drain(run(typed('A', 'B')), 'ALREADY_SCANNED');
    expect(state.entries.map((entry) => entry.barcode)).toEqual(['B', 'A']);
    expect(latestEntry(state)).toMatchObject({ barcode: 'B', state: 'answered', result: 'ALREADY_SCANNED' });
  });

  test('ignores an empty Enter and trims what was typed', () => {
    const state = run(typed('', '   ', ' ACC-9 '));
    expect(state.entries.map((entry) => entry.barcode)).toEqual(['ACC-9']);
  });

  test('takes the same barcode twice (the server says the second is already scanned)', () => {
    expect(drain(run(typed('A', 'A'))).sent).toEqual(['A', 'A']);
  });

  test('marks a failed scan and goes on with the next', () => {
    let state = run(typed('A', 'B'));
    const first = nextToSend(state)!;
    state = run([{ type: 'sent', key: first.key }, { type: 'failed', key: first.key, message: 'Network down' }], state);
    expect(state.entries.find((entry) => entry.barcode === 'A')).toMatchObject({ state: 'failed', message: 'Network down' });
    expect(nextToSend(state)?.barcode).toBe('B');
  });

  test('fails every waiting scan, and those typed later, once the session is closed', () => {
    let state = run(typed('A', 'B', 'C'));
    const first = nextToSend(state)!;
    state = run([{ type: 'sent', key: first.key }, { type: 'failed', key: first.key, message: 'Closed', closed: true }, ...typed('D')], state);
    expect(state.closed).toBe(true);
    expect(state.entries.map((entry) => entry.state)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(nextToSend(state)).toBeNull();
  });

  test('starts from the session’s latest scans and keeps scans typed before it loaded', () => {
    const scans: StockScan[] = [{ id: 5, at: '2026-11-27T10:00:00Z', barcode: 'OLD', result: 'FOUND', message: null, copy: null }];
    const state = run([...typed('NEW'), { type: 'loaded', scans, counts: counts(1) }]);
    expect(state.entries.map((entry) => [entry.barcode, entry.state])).toEqual([
      ['NEW', 'queued'],
      ['OLD', 'answered'],
    ]);
    expect(state.counts?.seen).toBe(1);
  });

  test('shows at most the latest answered scans, never dropping one still waiting', () => {
    let state = drain(run(typed(...Array.from({ length: SHOWN_SCANS + 5 }, (_, i) => `A${i}`)))).state;
    expect(state.entries).toHaveLength(SHOWN_SCANS);
    expect(state.entries[0]!.barcode).toBe(`A${SHOWN_SCANS + 4}`);
    state = run(typed(...Array.from({ length: SHOWN_SCANS + 3 }, (_, i) => `B${i}`)), state);
    expect(waitingCount(state)).toBe(SHOWN_SCANS + 3);
  });
});
