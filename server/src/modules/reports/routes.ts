/**
 * HTTP for reports. The book loan history is for staff: a SUPER USER or MANAGER holding view_book
 * (it shows on the staff book profile) or view_book_report (the reports pages). Members: 403.
 * The four reports of the catalogue (`src/lib/report-catalogue.ts`): an unknown report or section
 * is 404; members 403; other staff need the report's permission (SUPER USER holds every one).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound, permissionDenied } from '../../errors.js';
import { currentUser, isMember, requirePermission, signedIn } from '../../http/guard.js';
import { pagedAnswer } from '../../http/paging.js';
import { reportOf, sectionOf, type ReportDefinition } from '#shared/report-catalogue';
import { parseReportBookId, parseReportQuery } from './schemas.js';
import { bookLoansReport, reportClock, reportExport, reportPage, reportSummary } from './service.js';

export const BOOK_LOANS_PERMISSIONS = ['view_book', 'view_book_report'] as const;

type ReportRequest = { Params: { report: string; section?: string }; Querystring: Record<string, unknown> };

export const reportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Params: { id: string } }>('/reports/books/:id/issued-members/', { config: { access: 'user' } }, async (request) => {
    const user = currentUser(request);
    let allowed = false;
    if (user.role !== 'MEMBER') {
      for (const codename of BOOK_LOANS_PERMISSIONS) if (!allowed) allowed = await ctx.access.hasPermission(user, codename);
    }
    if (!allowed) throw permissionDenied();
    return bookLoansReport(ctx.db, parseReportBookId(request.params.id));
  });

  /** The report a path names, once the reader may see it. */
  async function readableReport(request: FastifyRequest<ReportRequest>): Promise<ReportDefinition> {
    const report = reportOf(request.params.report);
    if (!report) throw notFound();
    const user = currentUser(request);
    if (isMember(user)) throw permissionDenied();
    await requirePermission(ctx, user, report.permission);
    return report;
  }

  app.get<ReportRequest>('/reports/:report/summary/', { config: signedIn }, async (request) => {
    const report = await readableReport(request);
    const clock = await reportClock(ctx.db);
    return reportSummary(ctx.db, clock, report, parseReportQuery(null, request.query ?? {}, clock.today));
  });

  app.get<ReportRequest>('/reports/:report/:section/', { config: signedIn }, async (request, reply) => {
    const report = await readableReport(request);
    const section = sectionOf(report, request.params.section ?? '');
    if (!section) throw notFound();
    const clock = await reportClock(ctx.db);
    const query = parseReportQuery(section, request.query ?? {}, clock.today);
    if (query.format === 'csv') {
      const file = reportExport(ctx.db, clock, report, section, query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(Readable.from(file.parts));
    }
    const page = await reportPage(ctx.db, clock, report, section, query);
    return pagedAnswer(request, ctx.config.apiPublicUrl, page.window, page.results);
  });
};
