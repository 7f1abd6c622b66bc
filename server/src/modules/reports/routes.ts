/**
 * HTTP for reports. The book loan history is for staff: a SUPER USER or MANAGER holding view_book
 * (it shows on the staff book profile) or view_book_report (the reports pages). Members: 403.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { permissionDenied } from '../../errors.js';
import { currentUser } from '../../http/guard.js';
import { parseReportBookId } from './schemas.js';
import { bookLoansReport } from './service.js';

export const BOOK_LOANS_PERMISSIONS = ['view_book', 'view_book_report'] as const;

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
};
