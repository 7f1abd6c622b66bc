/**
 * The one access guard, a Fastify plugin. Every route declares `config.access`:
 *   'public'                 anyone;
 *   'user'                   a valid access token of an active user;
 *   { permission: codename } that, plus the permission (SUPER USER passes every check).
 * A route without a declaration refuses to register, so no route is open by omission. The guard
 * depends on no domain module: it runs the AccessPolicy of the app's context (built by the auth
 * module), which reads the user and the permissions from the database on every request, so
 * disabling a user or changing a role applies at once.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext, AuthUser } from '../context.js';
import { notAuthenticated, permissionDenied } from '../errors.js';

export type Access = 'public' | 'user' | { permission: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every route behind the guard with its declared access, in registration order (the permission matrix and the API description read it). */
    routeTable: RegisteredRoute[];
  }
}

/** A route as registered: one method, its URL pattern and its declared access. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

/** The user a bearer token names; throws 401 when there is none or it is not valid. */
export const authenticate = (ctx: Pick<AppContext, 'access'>, authorization: string | undefined): Promise<AuthUser> =>
  ctx.access.authenticate(authorization);

/** The signed-in user, who must hold this built-in role (403 otherwise): a profile of one's own. */
export function currentUserInRole(request: FastifyRequest, role: string): AuthUser {
  const user = currentUser(request);
  if (user.role !== role) throw permissionDenied();
  return user;
}

/**
 * A member may read only his own (`id`, the path's id as written: who may ask is settled before
 * the id is read, so a malformed id cannot answer before the permission does); staff need the
 * permission. Throws 403 otherwise.
 */
export async function requireSelfOrPermission(ctx: Pick<AppContext, 'access'>, user: AuthUser, id: number | string, codename: string): Promise<void> {
  if (isMember(user)) {
    if (String(user.id) !== String(id)) throw permissionDenied();
  } else {
    await requirePermission(ctx, user, codename);
  }
}

/** Throws 403 unless the user holds the permission. */
export async function requirePermission(ctx: Pick<AppContext, 'access'>, user: AuthUser, codename: string): Promise<void> {
  if (!(await ctx.access.hasPermission(user, codename))) throw permissionDenied();
}

/** Throws 403 unless the user holds at least one of the permissions. */
export async function requireAnyPermission(ctx: Pick<AppContext, 'access'>, user: AuthUser, codenames: readonly string[]): Promise<void> {
  for (const codename of codenames) if (await ctx.access.hasPermission(user, codename)) return;
  throw permissionDenied();
}

/** Route config: the permission a route needs. */
export const can = (permission: string) => ({ access: { permission } }) as const;
/** Route config: any signed-in user (the service decides what he may see). */
export const signedIn = { access: 'user' } as const;
/** Whether the user is a member (a member's calls act on his own records). */
export const isMember = (user: AuthUser): boolean => user.role === 'MEMBER';

/** The signed-in user of a request behind an 'user' or permission rule. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/**
 * Installs the guard on the scope that registers it (not encapsulated): every route registered
 * there afterwards must declare its access, and is checked before its handler runs.
 */
export const guard: FastifyPluginAsync<{
  ctx: Pick<AppContext, 'access'>;
}> = async (scope, { ctx }) => {
  if (!scope.hasRequestDecorator('user')) scope.decorateRequest('user', null);
  if (!scope.hasDecorator('routeTable')) scope.decorate('routeTable', []);
  const table = scope.routeTable;
  scope.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access.`);
    }
    for (const method of [route.method].flat()) {
      // HEAD answers come with every GET; the table names what a caller asks for.
      if (method !== 'HEAD') table.push({ method, url: route.url, access: route.config.access });
    }
  });
  scope.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    request.user = await authenticate(ctx, request.headers.authorization);
    if (typeof access === 'object') await requirePermission(ctx, request.user, access.permission);
  });
};
// What fastify-plugin does: the hooks apply to the registering scope, not to a child of it.
Object.assign(guard, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'access-guard',
});
