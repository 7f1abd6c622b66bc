/** Stock verification calls (docs/API.md "Stock verification"): sessions, scans, closing, the report and marking missing. */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { fileNameFromDisposition } from '../file-names';
import {
  MarkMissingAnswerStruct,
  ScanAnswerStruct,
  StockReportPageStruct,
  StockSessionPageStruct,
  StockSessionStruct,
  StockShelvesStruct,
  type MarkMissingAnswer,
  type ScanAnswer,
  type StockReportPage,
  type StockSession,
  type StockSessionPage,
  type StockShelf,
} from '../schemas/stock-verification';
import type { NewSessionBody, ReportGroup } from '../stock-verification';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));
const base = (id: Id): string => `/stock-verifications/${seg(id)}/`;

/** `GET stock-verifications/?page=`: sessions, newest first. */
export async function fetchStockSessions(page: number, pageSize: number): Promise<StockSessionPage> {
  return parseAnswer(await http.get('/stock-verifications/', { params: { page: String(page), page_size: String(pageSize) } }), StockSessionPageStruct);
}

/** `POST stock-verifications/`: opens a session, freezing the copies it expects. */
export async function openStockSession(body: NewSessionBody): Promise<StockSession> {
  return parseAnswer(await http.post('/stock-verifications/', body), StockSessionStruct);
}

/** `GET stock-verifications/{id}/`. */
export async function fetchStockSession(id: Id): Promise<StockSession> {
  return parseAnswer(await http.get(base(id)), StockSessionStruct);
}

/** `POST stock-verifications/{id}/scans/`: one scanned or typed barcode. */
export async function scanCopy(id: Id, barcode: string): Promise<ScanAnswer> {
  return parseAnswer(await http.post(`${base(id)}scans/`, { barcode }), ScanAnswerStruct);
}

/** `POST stock-verifications/{id}/close/`. */
export async function closeStockSession(id: Id): Promise<StockSession> {
  return parseAnswer(await http.post(`${base(id)}close/`, {}), StockSessionStruct);
}

/** `GET stock-verifications/{id}/report/?group=`: one page of a report group. */
export async function fetchStockReport(id: Id, group: ReportGroup, page: number, pageSize: number): Promise<StockReportPage> {
  const params = { group, page: String(page), page_size: String(pageSize) };
  return parseAnswer(await http.get(`${base(id)}report/`, { params }), StockReportPageStruct);
}

/** `GET stock-verifications/{id}/report/shelves/`. */
export async function fetchStockShelves(id: Id): Promise<StockShelf[]> {
  return parseAnswer(await http.get(`${base(id)}report/shelves/`), StockShelvesStruct).results;
}

/** `GET stock-verifications/{id}/report/export/?group=`: the group as the server's CSV file. */
export async function downloadStockReportCsv(id: Id, group: ReportGroup): Promise<{ blob: Blob; fileName: string | null }> {
  const { blob, headers } = await http.getFile(`${base(id)}report/export/`, { params: { group }, headers: { Accept: 'text/csv' } });
  return { blob, fileName: fileNameFromDisposition(headers?.get?.('content-disposition')) };
}

/** `POST stock-verifications/{id}/mark-missing/`: the unseen shelf copies become MISSING. */
export async function markStockMissing(id: Id): Promise<MarkMissingAnswer> {
  return parseAnswer(await http.post(`${base(id)}mark-missing/`, {}), MarkMissingAnswerStruct);
}
