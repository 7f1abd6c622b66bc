/** HTTP for reference data: the registration form's lists, the catalogue's departments, categories and languages, and academic sessions. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { currentUser } from '../../http/guard.js';
import { readForm } from '../../http/multipart.js';
import { idParam } from '../../http/validation.js';
import {
  CATEGORIES,
  createNamed,
  deleteNamed,
  DEPARTMENTS,
  LANGUAGES,
  listCategories,
  listDepartments,
  listNamed,
  listSessions,
  namedExists,
  SESSIONS,
  updateNamed,
  type NamedKind,
} from './service.js';
import { parseNamedForm } from './schemas.js';

type IdParams = { Params: { id: string } };

const requireId = (raw: string): number => {
  const id = idParam(raw);
  if (id === undefined) throw notFound();
  return id;
};

export const referenceRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/member-departments/', { config: { access: 'public' } }, async () => listDepartments(ctx.db));
  app.get('/member-sessions/', { config: { access: 'public' } }, async () => listSessions(ctx.db));

  const formOptions = (kind: NamedKind): { fileLimits: Record<string, number> } => ({
    fileLimits: kind === CATEGORIES ? { image: ctx.media.kind('category').maxBytes } : {},
  });

  /** Create / update / delete routes of one kind under `base`, guarded by `<verb>_<codename>`. */
  const writeRoutes = (base: string, kind: NamedKind, codename: string): void => {
    app.post(`${base}/`, { config: { access: { permission: `add_${codename}` } } }, async (request, reply) => {
      const form = await readForm(request, formOptions(kind));
      const input = parseNamedForm(form, { withImage: kind === CATEGORIES, creating: true, media: ctx.media, field: kind.column, max: kind.max });
      return reply.status(201).send(await createNamed(ctx, currentUser(request), kind, input));
    });
    for (const method of ['PATCH', 'PUT'] as const) {
      app.route<IdParams>({
        method,
        url: `${base}/:id/`,
        config: { access: { permission: `change_${codename}` } },
        handler: async (request) => {
          const id = requireId(request.params.id);
          // An unknown id answers 404 before the body is looked at.
          if (!(await namedExists(ctx.db, kind, id))) throw notFound();
          const form = await readForm(request, formOptions(kind));
          const input = parseNamedForm(form, { withImage: kind === CATEGORIES, creating: false, media: ctx.media, field: kind.column, max: kind.max });
          return updateNamed(ctx, currentUser(request), kind, id, input);
        },
      });
    }
    app.delete<IdParams>(`${base}/:id/`, { config: { access: { permission: `delete_${codename}` } } }, async (request, reply) => {
      await deleteNamed(ctx, currentUser(request), kind, requireId(request.params.id));
      return reply.status(204).send();
    });
  };

  app.get('/admin-departments/', { config: { access: { permission: 'view_department' } } }, async () => listNamed(ctx.db, DEPARTMENTS));
  writeRoutes('/admin-departments', DEPARTMENTS, 'department');

  app.get('/categories/', { config: { access: 'user' } }, async () => listCategories(ctx));
  writeRoutes('/categories', CATEGORIES, 'category');

  app.get('/language/', { config: { access: 'user' } }, async () => listNamed(ctx.db, LANGUAGES));
  writeRoutes('/language', LANGUAGES, 'language');

  // Academic sessions: the same routes as departments, on the session_range field.
  app.get('/admin-sessions/', { config: { access: { permission: 'view_sessionsettings' } } }, async () => listNamed(ctx.db, SESSIONS));
  writeRoutes('/admin-sessions', SESSIONS, 'sessionsettings');
};
