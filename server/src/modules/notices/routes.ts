/**
 * HTTP for notices (docs/API.md, "Reservations and notices"): the notification settings and the
 * notification log. Input is read in schemas.ts; the rules live in service.ts and log.ts.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, requirePermission } from '../../http/guard.js';
import { pagedAnswer } from '../../http/paging.js';
import { idParam } from '../../http/validation.js';
import { notificationLogFileName } from '#shared/notification-log';
import { listLog, logCsvParts, readLogEntry, resendLogEntry } from './log.js';
import { parseLogQuery, parseNoticeSettings } from './schemas.js';
import { noticeSettingsView, updateNoticeSettings } from './service.js';

type IdParams = { Params: { id: string } };
const LOG_READER = { access: { permission: 'view_notificationlog' } } as const;

export const noticeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/settings/notifications/', { config: { access: { permission: 'view_notificationsettings' } } }, async () => noticeSettingsView(ctx.db));
  app.put('/settings/notifications/', { config: { access: { permission: 'change_notificationsettings' } } }, async (request) =>
    updateNoticeSettings(ctx, currentUser(request), parseNoticeSettings(request.body)),
  );

  app.get<{ Querystring: Record<string, unknown> }>('/notifications-logs/', { config: LOG_READER }, async (request, reply) => {
    const query = parseLogQuery(request.query ?? {});
    if (query.format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${notificationLogFileName(query.dateFrom, query.dateTo)}"`)
        .send(Readable.from(logCsvParts(ctx.db, query)));
    }
    const list = await listLog(ctx.db, query);
    return pagedAnswer(request, ctx.config.apiPublicUrl, list.window, list.results);
  });
  app.get<IdParams>('/notifications-logs/:id/', { config: LOG_READER }, async (request) => readLogEntry(ctx.db, idParam(request.params.id)));
  // Sending again also needs the right to change notices: reading the log is not enough.
  app.post<IdParams>('/notifications-logs/:id/resend/', { config: LOG_READER }, async (request) => {
    const user = currentUser(request);
    await requirePermission(ctx, user, 'change_notificationsettings');
    return resendLogEntry(ctx, user, idParam(request.params.id));
  });
};
