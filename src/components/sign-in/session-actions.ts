/**
 * What the sign-in pages do with the session, loaded on demand (`import()`): only when a session
 * may be stored, or on submit. It brings the session store, the HTTP client and the guard, which
 * a signed-out visitor's first paint does not need.
 */
import type { Credentials } from '../../lib/api/auth';
import { afterSignInPath, guardDecision } from '../../lib/guard';
import { route } from '#shared/routes';
import { $session, signIn } from '../../stores/session';

/** Where a signed-in visitor of a public page goes instead (their home), or null to stay. */
export function signedInRedirect(routeId: string): string | null {
  const decision = guardDecision(route(routeId), $session.get());
  return decision.kind === 'redirect' ? decision.to : null;
}

/** Signs in and answers where to go: a safe `next`, else the user's home. Errors are rethrown. */
export async function signInAndContinue(credentials: Credentials, next: string | null): Promise<string> {
  const session = await signIn(credentials);
  return afterSignInPath(session.role, next);
}
