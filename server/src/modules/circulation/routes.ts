/**
 * HTTP for circulation (docs/API.md, "Circulation and fines"): the issued list, issue, the due
 * date change, return, renew and renew-all, the member issue summary and the returned history.
 * A MEMBER reads and renews only his own loans. Staff read loans with any of the bookissuance
 * permissions (a desk that issues or takes books back must see what is out), and need the
 * matching one to issue, return or renew; money taken or waived at a return needs the fine
 * collectors' permission, as at the fines desk. Bodies
 * and query strings are read in schemas.ts; the rules live in service.ts and renewals.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext, AuthUser } from '../../context.js';
import { MESSAGES, permissionDenied, ValidationError } from '../../errors.js';
import { can, currentUser, isMember, requireAnyPermission, requirePermission, signedIn } from '../../http/guard.js';
import { pagedAnswer } from '../../http/paging.js';
import { pathId } from '../../http/validation.js';
import { LOAN_READERS } from '#shared/permission-codes';
import { FINE_COLLECTOR_PERMISSION } from '#shared/fines';
import { listIssued, returnedHistory } from './queries.js';
import { memberIssueSummary } from './member-summary.js';
import { renewAll, renewLoan } from './renewals.js';
import { memberBlocks } from './blocks.js';
import { deskMemberPanel } from './desk-panel.js';
import { parseBlocksQuery, parseDueDateBody, parseHistoryQuery, parseIssueBody, parseIssuedListQuery, parseRenewAllBody, parseRenewBody, parseReturnBody } from './schemas.js';
import { changeDueDate, issueBook, returnBook } from './service.js';
import { mailLoanSlip } from './loan-slip.js';
import { parseLoanSlipBody } from './schemas.js';
import { checkIn } from './check-in.js';
import { parseCheckInBody } from './schemas.js';
import { undoReturn } from './undo.js';
import { chargeDamagedCopy, markLoanLost } from './charges.js';
import { parseDamageBody, parseLostBody } from './schemas.js';

type IdParams = { Params: { id: string } };
type Query = { Querystring: Record<string, unknown> };

/** Staff who may read loans, or the member himself when `ownId` (the path's id as written) is his id. */
async function staffOrSelf(ctx: AppContext, user: AuthUser, ownId: string): Promise<void> {
  if (isMember(user)) {
    if (String(user.id) !== ownId) throw permissionDenied();
    return;
  }
  await requireAnyPermission(ctx, user, LOAN_READERS);
}

export const circulationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<Query>('/books/issued-books/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    if (!isMember(user)) await requireAnyPermission(ctx, user, LOAN_READERS);
    const query = parseIssuedListQuery(request.query ?? {});
    const list = await listIssued(ctx.db, query, isMember(user) ? user.id : undefined);
    return list.window ? pagedAnswer(request, ctx.config.apiPublicUrl, list.window, list.results) : list.results;
  });

  app.post('/books/issued-books/', { config: can('add_bookissuance') }, async (request, reply) =>
    reply.status(201).send(await issueBook(ctx, currentUser(request), parseIssueBody(request.body))),
  );

  app.patch<IdParams>('/books/issued-books/:id/', { config: can('change_bookissuance') }, async (request) => {
    const id = pathId(request.params.id);
    return changeDueDate(ctx, currentUser(request), id, parseDueDateBody(request.body).dueDate);
  });

  app.post<IdParams>('/books/issued-books/:id/return/', { config: can('change_bookissuance') }, async (request) => {
    const id = pathId(request.params.id);
    const user = currentUser(request);
    const input = parseReturnBody(request.body);
    return returnBook(ctx, user, id, input, { handlesMoney: await ctx.access.hasPermission(user, FINE_COLLECTOR_PERMISSION) });
  });

  app.post<IdParams>('/books/issued-books/:id/undo-return/', { config: can('change_bookissuance') }, async (request) =>
    undoReturn(ctx, currentUser(request), pathId(request.params.id)),
  );

  // Check-in by scanning the copy; money taken or waived needs the fine collectors' permission, as at a return.
  app.post('/circulation/check-in/', { config: can('change_bookissuance') }, async (request) => {
    const user = currentUser(request);
    const input = parseCheckInBody(request.body);
    return checkIn(ctx, user, input, { handlesMoney: await ctx.access.hasPermission(user, FINE_COLLECTOR_PERMISSION) });
  });

  // Lost: the return's path with status LOST; money moves only for the fine collectors, as at a return.
  app.post<IdParams>('/books/issued-books/:id/lost/', { config: can('change_bookissuance') }, async (request) => {
    const id = pathId(request.params.id);
    const user = currentUser(request);
    const input = parseLostBody(request.body);
    return markLoanLost(ctx, user, id, input, await ctx.access.hasPermission(user, FINE_COLLECTOR_PERMISSION));
  });

  // Damaged: the charge needs change_fine; marking the copy DAMAGED needs change_book too.
  app.post<IdParams>('/books/copies/:id/damage/', { config: can('change_fine') }, async (request) => {
    const id = pathId(request.params.id);
    const user = currentUser(request);
    const input = parseDamageBody(request.body);
    if (input.markDamaged) await requirePermission(ctx, user, 'change_book');
    return chargeDamagedCopy(ctx, user, id, input);
  });

  app.post<IdParams>('/books/issued-books/:id/renew/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    if (!isMember(user)) await requirePermission(ctx, user, 'change_bookissuance');
    const id = pathId(request.params.id);
    const { overrideReason } = parseRenewBody(request.body);
    // A member renewing his own loan is refused with his blocks: overriding them is the desk's.
    return isMember(user) ? renewLoan(ctx, user, id, user.id) : renewLoan(ctx, user, id, undefined, overrideReason);
  });

  app.post('/books/issued-books/renew-all/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    // The permission before the body: staff without it learn nothing of what the body should hold.
    if (!isMember(user)) await requirePermission(ctx, user, 'change_bookissuance');
    const { member, overrideReason } = parseRenewAllBody(request.body);
    if (isMember(user)) {
      if (member !== undefined && member !== user.id) throw permissionDenied();
      return renewAll(ctx, user, user.id);
    }
    if (member === undefined) throw ValidationError.field('member', MESSAGES.required);
    return renewAll(ctx, user, member, overrideReason);
  });

  app.get<Query>('/circulation/blocks/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    if (isMember(user)) throw permissionDenied();
    await requireAnyPermission(ctx, user, LOAN_READERS);
    return memberBlocks(ctx.db, user, parseBlocksQuery(request.query ?? {}).member);
  });

  app.get<IdParams>('/circulation/desk/members/:id/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    if (isMember(user)) throw permissionDenied();
    await requireAnyPermission(ctx, user, LOAN_READERS);
    const id = pathId(request.params.id);
    return deskMemberPanel(ctx, user, id);
  });

  app.post('/circulation/loan-slip/', { config: can('add_bookissuance') }, async (request) =>
    mailLoanSlip(ctx, currentUser(request), parseLoanSlipBody(request.body)),
  );

  app.get<IdParams>('/reports/members/:id/issued-books/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    await staffOrSelf(ctx, user, request.params.id);
    const id = pathId(request.params.id);
    return memberIssueSummary(ctx.db, id, { showReservedFor: !isMember(user) });
  });

  const history = async (request: FastifyRequest<Query>, memberId?: number) => {
    const list = await returnedHistory(ctx.db, parseHistoryQuery(request.query ?? {}), memberId);
    const page = list.window ? pagedAnswer(request, ctx.config.apiPublicUrl, list.window, list.history) : undefined;
    return { returned_count: list.returned_count, history: list.history, ...(page ? { count: page.count, next: page.next, previous: page.previous } : {}) };
  };
  app.get<Query>('/reports/books/returned-history/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    if (isMember(user)) throw permissionDenied();
    await requireAnyPermission(ctx, user, LOAN_READERS);
    return history(request);
  });
  app.get<IdParams & Query>('/reports/returned-books/:id/', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    await staffOrSelf(ctx, user, request.params.id);
    const id = pathId(request.params.id);
    return history(request, id);
  });
};
