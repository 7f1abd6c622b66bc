/** HTTP for the general settings, the book settings (the original contract's `/settings/Books_settings/`) and the library's holidays. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/guard.js';
import { readForm } from '../../http/multipart.js';
import { bookSettings, saveBookSettings } from './books-settings.js';
import { pathId } from '../../http/validation.js';
import { addHoliday, listHolidays, removeHoliday } from './holidays.js';
import { parseBookSettings, parseHoliday, parseSettingsForm } from './schemas.js';
import { generalSettings, updateSettings } from './service.js';

export const settingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public and cacheable: the site needs the name, logo and theme before anyone signs in.
  // Signed-in readers (the settings screens) always get the stored values: `Vary: Authorization`
  // keeps the browser from answering them with the anonymous copy.
  app.get('/settings/library/', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('vary', 'Authorization');
    reply.header('cache-control', request.headers.authorization ? 'private, no-cache' : 'public, max-age=60');
    return generalSettings(ctx);
  });

  app.put('/settings/library/', { config: { access: { permission: 'change_librarysettings' } } }, async (request) => {
    const limit = ctx.config.uploadImageMaxBytes;
    const form = await readForm(request, { fileLimits: { logo: limit, favicon: limit } });
    return updateSettings(ctx, currentUser(request), parseSettingsForm(form, ctx.media));
  });

  // `GET` needs view_librarysettings, `POST` change_librarysettings (as the general settings).
  app.get('/settings/Books_settings/', { config: { access: { permission: 'view_librarysettings' } } }, async () => bookSettings(ctx.db));
  app.post('/settings/Books_settings/', { config: { access: { permission: 'change_librarysettings' } } }, async (request) =>
    saveBookSettings(ctx, currentUser(request), parseBookSettings(request.body)),
  );

  // The library's dated holidays: read with view_librarysettings, changed with change_librarysettings.
  app.get('/settings/holidays/', { config: { access: { permission: 'view_librarysettings' } } }, async () => listHolidays(ctx.db));
  app.post('/settings/holidays/', { config: { access: { permission: 'change_librarysettings' } } }, async (request, reply) => {
    reply.code(201);
    return addHoliday(ctx, currentUser(request), parseHoliday(request.body));
  });
  app.delete<{ Params: { id: string } }>('/settings/holidays/:id/', { config: { access: { permission: 'change_librarysettings' } } }, async (request, reply) => {
    await removeHoliday(ctx, currentUser(request), pathId(request.params.id));
    return reply.code(204).send();
  });
};
