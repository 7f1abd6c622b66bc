/** What the dashboard calls accept: the staff home's period, and the member named in the path. */
import { badRequest } from '../../errors.js';
import { pathId } from '../../http/validation.js';
import { REPORT_PERIODS, type ReportPeriod } from '#shared/report-catalogue';
import { single } from '../../http/query.js';

/** The period of `GET /reports/dashboard/` (`day` when none is given); 400 for another word or a repeat. */
export function parseDashboardQuery(query: Record<string, unknown>): { period: ReportPeriod } {
  const raw = single(query, 'period')?.trim() ?? '';
  if (raw === '') return { period: 'day' };
  const period = REPORT_PERIODS.find((p) => p === raw);
  if (!period) throw badRequest(`Unknown period "${raw.slice(0, 20)}": use ${REPORT_PERIODS.join(', ')}.`);
  return { period };
}

/** The user id of `users/meberview/{id}/dashboard/`: 404 when it is not an id, 400 beyond the id column. */
export const parseMemberId = (raw: string | undefined): number => pathId(raw);
