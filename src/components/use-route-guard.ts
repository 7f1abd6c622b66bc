/**
 * Applies `guardDecision` to the page an island renders, now and whenever the session changes
 * (signing out in another tab sends this tab to sign in too).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { guardDecision } from '../lib/guard';
import { route } from '../lib/routes';
import { $session, refreshPermissions, signOut } from '../stores/session';

let leaving = false;

/** Whether the visitor may see the page; while false the island renders nothing of it. */
export function useRouteGuard(routeId: string): boolean {
  const session = useStore($session);
  const decision = guardDecision(route(routeId), session, window.location.pathname + window.location.search);
  const target = decision.kind === 'redirect' ? decision.to : null;
  useEffect(() => {
    if (target && !leaving) window.location.replace(target);
  }, [target]);
  const allowed = decision.kind === 'allow';
  const signedIn = session !== null;
  useEffect(() => {
    if (allowed && signedIn) refreshPermissions().catch(() => undefined);
  }, [allowed, signedIn]);
  return allowed;
}

/** Logout (section 2): local sign-out, then the sign-in page with a notice. */
export function signOutAndLeave(): void {
  // This page's guard would otherwise send the browser to sign in with `next` first.
  leaving = true;
  signOut();
  window.location.assign('/?signedOut=1');
}
