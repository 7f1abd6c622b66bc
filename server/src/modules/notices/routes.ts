/**
 * HTTP for notices (docs/API.md, "Reservations and notices"): the notification settings and the
 * notification log. Input is read in schemas.ts; the rules live in service.ts and log.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/guard.js';
import { parseNoticeSettings } from './schemas.js';
import { noticeSettingsView, updateNoticeSettings } from './service.js';

export const noticeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/settings/notifications/', { config: { access: { permission: 'view_notificationsettings' } } }, async () => noticeSettingsView(ctx.db));
  app.put('/settings/notifications/', { config: { access: { permission: 'change_notificationsettings' } } }, async (request) =>
    updateNoticeSettings(ctx, currentUser(request), parseNoticeSettings(request.body)),
  );
};
