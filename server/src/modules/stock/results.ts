/**
 * The server's side of stock verification's words: which results mean the copy is recorded as out,
 * and the refusals and reasons it writes. The results, their messages and the report's groups are
 * shared with the site (`#shared/copies`).
 */
import type { ScanResult } from '#shared/copies';

/** Results that mean the register says the copy is out although it is here. */
export const SEEN_AWAY_RESULTS: readonly ScanResult[] = ['ON_LOAN', 'HELD'];

export const STOCK_MESSAGES = {
  closed: 'This verification is closed; no more scans.',
  alreadyClosed: 'This verification is already closed.',
  notClosed: 'Close the verification before marking copies missing.',
  alreadyMarked: 'The unseen copies of this verification were already marked missing.',
  marked: (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'} marked missing.`,
  missingReason: (name: string) => `Not seen in stock verification ${name}`,
  foundReason: (name: string) => `Found in stock verification ${name}`,
} as const;
