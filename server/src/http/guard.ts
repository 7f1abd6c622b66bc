/**
 * The one access guard. Every route declares `config.access`:
 *   'public'                 anyone;
 *   'user'                   a valid access token of an active user;
 *   { permission: codename } that, plus the permission (SUPER USER passes every check).
 * A route without a declaration refuses to register, so no route is open by omission. The
 * user row and the permissions are read from the database on every request, so disabling a
 * user or changing a role applies at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { accessTokenNotValid, authenticationFailed, notAuthenticated, permissionDenied } from '../errors.js';
import { verifyAccessToken } from '../modules/auth/jwt.js';
import { signInBlock, signInIsLive } from '../modules/auth/service.js';
import { hasPermission } from '../modules/roles/service.js';
import { findUserById, toAuthUser, type AuthUser } from '../modules/users/service.js';
import { isSet } from '../db/values.js';

export type Access = 'public' | 'user' | { permission: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The user a bearer token names; throws 401 when there is none or it is not valid. */
export async function authenticate(ctx: AppContext, authorization: string | undefined): Promise<AuthUser> {
  const [scheme, token, ...rest] = (authorization ?? '').trim().split(/\s+/);
  if (!scheme || scheme.toLowerCase() !== 'bearer') throw notAuthenticated();
  if (!token || rest.length > 0) throw notAuthenticated();
  const { userId, sessionId } = await verifyAccessToken(ctx.config, token);
  // Signed out, or ended by a password change or reset or by refresh-token reuse: refused at once.
  if (!(await signInIsLive(ctx.db, sessionId))) throw accessTokenNotValid();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw authenticationFailed('User not found', 'user_not_found');
  if (!isSet(user.is_active) || signInBlock(user)) throw authenticationFailed('User is inactive', 'user_inactive');
  return toAuthUser(user);
}

/** Throws 403 unless the user holds the permission. */
export async function requirePermission(ctx: AppContext, user: AuthUser, codename: string): Promise<void> {
  if (!(await hasPermission(ctx.db, user, codename))) throw permissionDenied();
}

/** The signed-in user of a request behind an 'user' or permission rule. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** Installs the guard on a scope: every route registered in it must declare its access. */
export function registerGuard(scope: FastifyInstance, ctx: AppContext): void {
  if (!scope.hasRequestDecorator('user')) scope.decorateRequest('user', null);
  scope.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access.`);
    }
  });
  scope.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    request.user = await authenticate(ctx, request.headers.authorization);
    if (typeof access === 'object') await requirePermission(ctx, request.user, access.permission);
  });
}
