/**
 * Applies `guardDecision` to the page an island renders, now and whenever the session changes
 * (signing out in another tab sends this tab to sign in too).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { callErrorMessage } from '../lib/errors';
import { guardDecision, type GuardDecision } from '../lib/guard';
import { route } from '#shared/routes';
import { $session, refreshPermissions, signOutEverywhere } from '../stores/session';
import { toast } from './ui/Toaster';

let leaving = false;

/** The guard's decision for a route, acted on: redirects are followed at once. */
export function useGuardDecision(routeId: string): GuardDecision['kind'] {
  const session = useStore($session);
  const decision = guardDecision(route(routeId), session, window.location.pathname + window.location.search);
  const target = decision.kind === 'redirect' ? decision.to : null;
  useEffect(() => {
    if (target && !leaving) window.location.replace(target);
  }, [target]);
  const signedIn = session !== null;
  const redirecting = decision.kind === 'redirect';
  useEffect(() => {
    if (!redirecting && signedIn) void refreshPermissionsOnce();
  }, [redirecting, signedIn]);
  return decision.kind;
}

let permissionsRefresh: Promise<void> | null = null;

/**
 * One permission refresh per page load, however many islands guard the page. A failure keeps the
 * stored permissions and says so ('Error Fetching User Permissions'), unless the
 * session itself has ended (the client has then signed out and the guard leaves the page).
 */
function refreshPermissionsOnce(): Promise<void> {
  permissionsRefresh ??= refreshPermissions().catch((error: unknown) => {
    if ($session.get() !== null) toast.error(callErrorMessage('fetch-user-permissions', error));
  });
  return permissionsRefresh;
}

/** Logout: the sign-in ends on the server and locally, then the sign-in page with a notice. */
export function signOutAndLeave(): void {
  // This page's guard would otherwise send the browser to sign in with `next` first.
  leaving = true;
  void signOutEverywhere();
  window.location.assign('/?signedOut=1');
}
