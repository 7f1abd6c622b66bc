/** Report calls (section 7, "Reports"; docs/API.md). */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { BookLoansStruct, type BookLoans } from '../schemas/books';
import { DashboardSummaryStruct, type DashboardSummary } from '../schemas/reports';

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
