/**
 * The scan desk's queue. A keyboard-wedge scanner types a number and Enter faster than the server
 * answers, so every barcode is queued the moment it is entered and sent one at a time, oldest
 * first: none is lost and the server sees them in the order they were scanned (so "Already
 * scanned" is said of the second of two scans, never the first). The list shown is newest first;
 * each entry is queued, sending, answered or failed. When the server says the session is closed
 * (409) the scans still waiting are failed too, as none of them can be recorded. Pure reducer; the
 * hook beside the island does the sending.
 */
import type { ScanAnswer, ScanResultKind, ScannedCopy, StockCounts, StockScan } from './schemas/stock-verification';

/** How many scans the list keeps (the oldest answered ones drop off; waiting ones never do). */
export const SHOWN_SCANS = 50;

export type ScanEntryState = 'queued' | 'sending' | 'answered' | 'failed';

export interface ScanEntry {
  key: string;
  barcode: string;
  state: ScanEntryState;
  result: ScanResultKind | null;
  message: string | null;
  copy: ScannedCopy | null;
}

export interface ScanQueueState {
  /** Newest first. */
  entries: ScanEntry[];
  counts: StockCounts | null;
  /** The server refused a scan because the session is closed. */
  closed: boolean;
  nextKey: number;
}

export type ScanQueueAction =
  | { type: 'loaded'; scans: readonly StockScan[]; counts: StockCounts }
  | { type: 'typed'; text: string }
  | { type: 'sent'; key: string }
  | { type: 'answered'; key: string; answer: ScanAnswer }
  | { type: 'failed'; key: string; message: string; closed?: boolean };

export const emptyScanQueue = (): ScanQueueState => ({ entries: [], counts: null, closed: false, nextKey: 1 });

const fromServer = (scan: StockScan): ScanEntry => ({
  key: `s${scan.id}`,
  barcode: scan.barcode,
  state: 'answered',
  result: scan.result,
  message: scan.message ?? null,
  copy: scan.copy,
});

/** Drops the oldest answered or failed entries beyond SHOWN_SCANS; waiting ones stay. */
function trimmed(entries: ScanEntry[]): ScanEntry[] {
  if (entries.length <= SHOWN_SCANS) return entries;
  let room = SHOWN_SCANS;
  return entries.filter((entry) => {
    if (entry.state === 'queued' || entry.state === 'sending') return true;
    return room-- > 0;
  });
}

const update = (entries: ScanEntry[], key: string, change: Partial<ScanEntry>): ScanEntry[] =>
  entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));

export function scanQueueReducer(state: ScanQueueState, action: ScanQueueAction): ScanQueueState {
  switch (action.type) {
    case 'loaded': {
      // Scans still waiting (or failed) stay, newer than what the server lists; answered ones are in its list.
      const waiting = state.entries.filter((entry) => entry.state !== 'answered');
      return { ...state, counts: action.counts, entries: trimmed([...waiting, ...action.scans.map(fromServer)]) };
    }
    case 'typed': {
      const barcode = action.text.trim();
      if (!barcode) return state;
      const entry: ScanEntry = { key: `l${state.nextKey}`, barcode, state: state.closed ? 'failed' : 'queued', result: null, message: null, copy: null };
      return { ...state, nextKey: state.nextKey + 1, entries: trimmed([entry, ...state.entries]) };
    }
    case 'sent':
      return { ...state, entries: update(state.entries, action.key, { state: 'sending' }) };
    case 'answered': {
      const { answer } = action;
      const entries = update(state.entries, action.key, { state: 'answered', result: answer.result, message: answer.message ?? null, copy: answer.copy });
      return { ...state, counts: answer.counts, entries: trimmed(entries) };
    }
    case 'failed': {
      let entries = update(state.entries, action.key, { state: 'failed', message: action.message });
      if (action.closed) entries = entries.map((entry) => (entry.state === 'queued' ? { ...entry, state: 'failed', message: action.message } : entry));
      return { ...state, closed: state.closed || Boolean(action.closed), entries: trimmed(entries) };
    }
  }
}

/** The scan to send next: the oldest queued one, when none is on its way. */
export function nextToSend(state: ScanQueueState): ScanEntry | null {
  if (state.entries.some((entry) => entry.state === 'sending')) return null;
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i]!;
    if (entry.state === 'queued') return entry;
  }
  return null;
}

/** How many scans wait for an answer (queued or sending). */
export const waitingCount = (state: ScanQueueState): number =>
  state.entries.filter((entry) => entry.state === 'queued' || entry.state === 'sending').length;

/** The newest entry, whose cue the desk sees large. */
export const latestEntry = (state: ScanQueueState): ScanEntry | null => state.entries[0] ?? null;
