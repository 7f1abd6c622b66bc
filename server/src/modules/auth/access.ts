/**
 * The access policy the guard runs on every request: a bearer access token of a live sign-in,
 * naming an active user who may sign in, and that user's permissions read from the database.
 */
import type { AccessPolicy, AppContext, AuthUser } from '../../context.js';
import { isSet } from '../../db/values.js';
import { accessTokenNotValid, authenticationFailed, notAuthenticated } from '../../errors.js';
import { hasPermission } from '../roles/service.js';
import { findUserById, toAuthUser } from '../users/service.js';
import { verifyAccessToken } from './jwt.js';
import { signInBlock, signInIsLive } from './service.js';

export function accessPolicy(ctx: Pick<AppContext, 'config' | 'db'>): AccessPolicy {
  return {
    async authenticate(authorization: string | undefined): Promise<AuthUser> {
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
    },
    hasPermission: (user, codename) => hasPermission(ctx.db, user, codename),
  };
}
