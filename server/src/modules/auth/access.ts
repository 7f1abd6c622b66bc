/**
 * The access policy the guard runs on every request: a bearer access token of a live sign-in,
 * naming an active user who may sign in, and that user's permissions read from the database.
 */
import type { AccessPolicy, AppContext, AuthUser } from '../../context.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db } from '../../db/schema.js';
import { isSet } from '../../db/values.js';
import { accessTokenNotValid, authenticationFailed, notAuthenticated } from '../../errors.js';
import { hasPermission } from '../roles/service.js';
import { toAuthUser } from '../users/service.js';
import { verifyAccessToken } from '../accounts/jwt.js';
import { signInBlock, signInIsLive } from './service.js';

export function accessPolicy(ctx: Pick<AppContext, 'config' | 'db'>): AccessPolicy {
  return {
    async authenticate(authorization: string | undefined): Promise<AuthUser> {
      const [scheme, token, ...rest] = (authorization ?? '').trim().split(/\s+/);
      if (!scheme || scheme.toLowerCase() !== 'bearer') throw notAuthenticated();
      if (!token || rest.length > 0) throw notAuthenticated();
      const { userId, sessionId } = await verifyAccessToken(ctx.config, token);
      // One query on every request: the user and whether the token's sign-in is still live.
      const row = await userWithLiveSignIn(ctx.db, userId, sessionId);
      // Signed out, or ended by a password change or reset or by refresh-token reuse: refused at once.
      if (!row) {
        if (!(await signInIsLive(ctx.db, sessionId))) throw accessTokenNotValid();
        throw authenticationFailed('User not found', 'user_not_found');
      }
      const { live, ...user } = row;
      if (Number(live) !== 1) throw accessTokenNotValid(); // 1 on SQLite, true on PostgreSQL
      if (!isSet(user.is_active) || signInBlock(user)) throw authenticationFailed('User is inactive', 'user_inactive');
      return toAuthUser(user);
    },
    hasPermission: (user, codename) => hasPermission(ctx.db, user, codename),
  };
}

/** The user of an access token with `live` set when its sign-in (refresh family) is not revoked. */
const userWithLiveSignIn = async (db: Db, userId: number, familyId: string) => (await userWithLiveSignInQuery(db, userId, familyId))[0];
const userWithLiveSignInQuery = compiledOnce((db: Db, userId: number, familyId: string) =>
  db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .exists(eb.selectFrom('refresh_tokens').select('id').where('family_id', '=', familyId).where('revoked_at', 'is', null))
        .as('live'),
    )
    .where('id', '=', userId),
);
