/**
 * What a scan can answer, and the words the scanning screen shows for each: the copy was expected
 * here and is found, is recorded as out (on loan or held), belongs elsewhere, has left the stock,
 * is unknown, was already scanned, or was missing and is back.
 */
export const SCAN_RESULTS = ['FOUND', 'ON_LOAN', 'HELD', 'NOT_EXPECTED', 'WITHDRAWN', 'UNKNOWN', 'ALREADY_SCANNED', 'FOUND_MISSING'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

export const SCAN_MESSAGES: Readonly<Record<ScanResult, string>> = {
  FOUND: 'Found: expected here.',
  ON_LOAN: 'On loan: this copy should be out with a member.',
  HELD: 'Held for pickup: this copy should be on the holds shelf.',
  NOT_EXPECTED: 'Not expected here: this copy belongs to another department, category or shelf.',
  WITHDRAWN: 'Withdrawn or lost: this copy is no longer in stock.',
  UNKNOWN: 'Unknown: no copy has this barcode or accession number.',
  ALREADY_SCANNED: 'Already scanned in this verification.',
  FOUND_MISSING: 'Found: this copy was missing and is available again.',
};

/** Results that mean the register says the copy is out although it is here. */
export const SEEN_AWAY_RESULTS: readonly ScanResult[] = ['ON_LOAN', 'HELD'];

/** The report's groups: expected on the shelf and not seen, seen though recorded as out, scanned but not expected. */
export const REPORT_GROUPS = ['not_seen', 'seen_away', 'unexpected'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const STOCK_MESSAGES = {
  closed: 'This verification is closed; no more scans.',
  alreadyClosed: 'This verification is already closed.',
  notClosed: 'Close the verification before marking copies missing.',
  alreadyMarked: 'The unseen copies of this verification were already marked missing.',
  marked: (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'} marked missing.`,
  missingReason: (name: string) => `Not seen in stock verification ${name}`,
  foundReason: (name: string) => `Found in stock verification ${name}`,
} as const;
