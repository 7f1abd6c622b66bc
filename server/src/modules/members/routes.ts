/**
 * HTTP for members: the four member lists, the member search for pickers, the transitions
 * (approve, decline, disable/enable, delete), staff registration of one member, the bulk upload
 * membership plans and a membership's renewal. Bodies are read in schemas.ts; rules live in the services.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { can, currentUser } from '../../http/guard.js';
import { readForm } from '../../http/multipart.js';
import { pagedAnswer } from '../../http/paging.js';
import { idParam } from '../../http/validation.js';
import { streamCsvUpload } from '../imports/routes.js';
import { MemberCsvImport } from './bulk.js';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.js';
import { listMembers, searchMembers } from './queries.js';
import type { MemberState } from '#shared/member-state';
import { registerMemberByStaff } from './register.js';
import { parseMemberListQuery, parseMemberRegistration, parseMemberSearchQuery, parsePlanForm, parseRenewalBody } from './schemas.js';
import { renewMembership } from './membership.js';
import { FINE_COLLECTOR_PERMISSION } from '#shared/fines';
import { approveMember, declineMember, deleteMember, toggleMember } from './service.js';

type IdParams = { Params: { id: string } };

export const memberRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const lists: [path: string, state: MemberState, permission: string][] = [
    ['/users/all-members/', 'active', 'view_members'],
    ['/users/pending-users/', 'pending', 'change_members'],
    ['/users/declined/', 'rejected', 'change_members'],
    ['/users/disabled-members/', 'disabled', 'change_members'],
  ];
  for (const [path, state, permission] of lists) {
    app.get<{ Querystring: Record<string, unknown> }>(path, { config: can(permission) }, async (request) => {
      const list = await listMembers(ctx, state, parseMemberListQuery(request.query ?? {}));
      return list.window ? pagedAnswer(request, ctx.config.apiPublicUrl, list.window, list.results) : list.results;
    });
  }

  app.get<{ Querystring: Record<string, unknown> }>('/members/search/', { config: can('view_members') }, async (request) =>
    searchMembers(ctx.db, parseMemberSearchQuery(request.query ?? {})),
  );

  app.post<IdParams>('/auth/approve-user/:id/', { config: can('change_members') }, async (request) =>
    approveMember(ctx, currentUser(request), idParam(request.params.id)),
  );
  app.post<IdParams>('/auth/decline/:id/', { config: can('change_members') }, async (request) =>
    declineMember(ctx, currentUser(request), idParam(request.params.id)),
  );
  app.post<IdParams>('/users/member/:id/disable_enable/', { config: can('change_members') }, async (request) =>
    toggleMember(ctx, currentUser(request), idParam(request.params.id)),
  );
  app.delete<IdParams>('/users/delete/:id/', { config: can('delete_members') }, async (request) =>
    deleteMember(ctx, currentUser(request), idParam(request.params.id)),
  );

  // Money collected with the fee only from the fine collectors (403 otherwise, nothing written).
  app.post<IdParams>('/members/:id/membership/renew/', { config: can('change_members') }, async (request) => {
    const user = currentUser(request);
    const input = parseRenewalBody(request.body);
    return renewMembership(ctx, user, idParam(request.params.id), input, { handlesMoney: await ctx.access.hasPermission(user, FINE_COLLECTOR_PERMISSION) });
  });

  app.post('/auth/Single-Member-Register/', { config: can('add_members') }, async (request, reply) => {
    const form = await readForm(request, { fileLimits: { profile_photo: ctx.config.uploadImageMaxBytes } });
    return reply.status(201).send(await registerMemberByStaff(ctx, currentUser(request), parseMemberRegistration(form, ctx.media)));
  });

  // Streamed like the book import: the file part is imported as it arrives (see bulk.ts).
  app.post('/users/bulk-upload-members/', { config: can('add_members') }, async (request) => {
    const job = new MemberCsvImport(ctx, currentUser(request));
    if (!request.isMultipart()) return job.finish();
    await streamCsvUpload(request, job, ctx.config.uploadCsvMaxBytes);
    return job.finish();
  });

  app.get('/members/plans/', { config: can('view_members') }, async () => listPlans(ctx.db));
  app.get<IdParams>('/members/plans/:id/', { config: can('view_members') }, async (request) => getPlan(ctx.db, idParam(request.params.id)));
  app.post('/members/plans/', { config: can('add_members') }, async (request, reply) => {
    const input = parsePlanForm(await readForm(request, { fileLimits: {} }), true);
    return reply.status(201).send(await createPlan(ctx, currentUser(request), input));
  });
  const update = async (request: FastifyRequest<IdParams>) => {
    const id = idParam(request.params.id);
    const input = parsePlanForm(await readForm(request, { fileLimits: {} }), false);
    return updatePlan(ctx, currentUser(request), id, input);
  };
  app.patch<IdParams>('/members/plans/:id/', { config: can('change_members') }, update);
  app.put<IdParams>('/members/plans/:id/', { config: can('change_members') }, update);
  app.delete<IdParams>('/members/plans/:id/', { config: can('delete_members') }, async (request, reply) => {
    await deletePlan(ctx, currentUser(request), idParam(request.params.id));
    return reply.status(204).send();
  });
};
