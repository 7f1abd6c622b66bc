/**
 * Stock verification answers (docs/API.md "Stock verification"): a session (SessionView) with its
 * running counts and latest scans, a page of sessions, a scan's answer, a report group's page,
 * the report by shelf and the answer of marking unseen copies missing.
 */
import { array, enums, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { COPY_STATUSES } from '#shared/copies';

const Text = optional(nullable(string()));

/** What one scan turned out to be, as the server decides it. */
export const SCAN_RESULTS = ['FOUND', 'ON_LOAN', 'HELD', 'NOT_EXPECTED', 'WITHDRAWN', 'UNKNOWN', 'ALREADY_SCANNED', 'FOUND_MISSING'] as const;
export type ScanResultKind = (typeof SCAN_RESULTS)[number];
export const ScanResultStruct = enums(SCAN_RESULTS);

/** A session's running counts. */
export const StockCountsStruct = type({
  expected: number(),
  expected_shelf: number(),
  expected_away: number(),
  seen: number(),
  not_seen: number(),
  seen_away: number(),
  unexpected: number(),
  scans: number(),
});
export type StockCounts = Infer<typeof StockCountsStruct>;

/** The copy a scan named (null when no copy has the barcode). */
export const ScannedCopyStruct = type({ id: IdStruct, accession_no: string(), barcode: Text, title: string(), shelf_location: Text });
export type ScannedCopy = Infer<typeof ScannedCopyStruct>;

/** One scan of the session's latest. */
export const StockScanStruct = type({ id: IdStruct, at: string(), barcode: string(), result: ScanResultStruct, message: Text, copy: nullable(ScannedCopyStruct) });
export type StockScan = Infer<typeof StockScanStruct>;

const NamedStruct = type({ id: IdStruct, name: string() });
const PersonStruct = nullable(type({ id: IdStruct, name: Text }));

/** One verification session (SessionView). */
export const StockSessionStruct = type({
  id: IdStruct,
  name: string(),
  filters: type({ department: nullable(NamedStruct), category: nullable(NamedStruct), shelf: Text }),
  status: enums(['OPEN', 'CLOSED'] as const),
  opened_at: string(),
  opened_by: PersonStruct,
  closed_at: Text,
  closed_by: optional(PersonStruct),
  missing_marked_at: Text,
  missing_marked_count: optional(nullable(number())),
  counts: StockCountsStruct,
  recent_scans: array(StockScanStruct),
});
export type StockSession = Infer<typeof StockSessionStruct>;

/** `GET stock-verifications/`: a page of sessions, newest first. */
export const StockSessionPageStruct = type({ count: number(), results: array(StockSessionStruct) });
export type StockSessionPage = Infer<typeof StockSessionPageStruct>;

/** The answer of one scan. */
export const ScanAnswerStruct = type({ result: ScanResultStruct, message: Text, copy: nullable(ScannedCopyStruct), counts: StockCountsStruct });
export type ScanAnswer = Infer<typeof ScanAnswerStruct>;

/** One copy of a report group. */
/** An unknown barcode of the unexpected group has no copy: only its barcode. */
export const StockReportRowStruct = type({
  copy_id: optional(nullable(IdStruct)),
  accession_no: Text,
  barcode: Text,
  title: Text,
  call_number: Text,
  shelf_location: Text,
  status: optional(nullable(enums(COPY_STATUSES))),
  result: optional(nullable(ScanResultStruct)),
});
export type StockReportRow = Infer<typeof StockReportRowStruct>;

/** `GET stock-verifications/{id}/report/?group=`: one page of a group. */
export const StockReportPageStruct = type({ count: number(), results: array(StockReportRowStruct) });
export type StockReportPage = Infer<typeof StockReportPageStruct>;

/** One shelf of the report. */
export const StockShelfStruct = type({ shelf: nullable(string()), expected: number(), seen: number(), not_seen: number() });
export type StockShelf = Infer<typeof StockShelfStruct>;
export const StockShelvesStruct = type({ results: array(StockShelfStruct) });

/** `POST stock-verifications/{id}/mark-missing/`. */
export const MarkMissingAnswerStruct = type({ detail: Text, marked: number() });
export type MarkMissingAnswer = Infer<typeof MarkMissingAnswerStruct>;
