/** Report calls (docs/API.md): a book's loans, the staff home, and the four report pages' summary, rows and CSV. */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { fileNameFromDisposition } from '../file-names';
import type { ReportKey } from '#shared/report-catalogue';
import { BookLoansStruct, type BookLoans } from '../schemas/books';
import { DashboardSummaryStruct, ReportPageStruct, ReportSummaryStruct, type DashboardSummary, type ReportPage, type ReportSummary } from '#shared/schemas/reports';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** `GET reports/books/{id}/issued-members/`: who has had this title. */
export async function fetchBookLoans(id: Id): Promise<BookLoans> {
  return parseAnswer(await http.get(`/reports/books/${seg(id)}/issued-members/`), BookLoansStruct);
}

/** `GET /reports/dashboard/?period=day|week|month` (view_dashboard_summary): the staff home in one call. */
export async function fetchDashboardSummary(period: DashboardSummary['period']): Promise<DashboardSummary> {
  return parseAnswer(await http.get('/reports/dashboard/', { params: { period } }), DashboardSummaryStruct);
}

/** `GET /reports/{report}/summary/?from&to&…filters`: the report's figures and charts. */
export async function fetchReportSummary(report: ReportKey, query: Record<string, string>): Promise<ReportSummary> {
  return parseAnswer(await http.get(`/reports/${seg(report)}/summary/`, { params: query }), ReportSummaryStruct);
}

/** `GET /reports/{report}/{section}/?from&to&search&ordering&page&page_size&…filters`: one page of a section's rows. */
export async function fetchReportPage(report: ReportKey, section: string, query: Record<string, string>): Promise<ReportPage> {
  return parseAnswer(await http.get(`/reports/${seg(report)}/${seg(section)}/`, { params: query }), ReportPageStruct);
}

/** The same with `format=csv`: the whole filtered list as a CSV file, and the name the server gives it (if readable). */
export async function downloadReportCsv(report: ReportKey, section: string, query: Record<string, string>): Promise<{ blob: Blob; fileName: string | null }> {
  const { blob, headers } = await http.getFile(`/reports/${seg(report)}/${seg(section)}/`, { params: query, headers: { Accept: 'text/csv' } });
  return { blob, fileName: fileNameFromDisposition(headers?.get?.('content-disposition')) };
}
