/**
 * The guard of the public sign-in pages (sign in, register, forgotten password), kept light: a
 * signed-out visitor (no stored session) sees the page at once and loads nothing more. Only when a
 * session is stored, now or later from another tab, are the session store and the guard loaded
 * (`session-actions`), and a signed-in visitor is sent home.
 */
import { useEffect, useState } from 'react';
import { SESSION_KEY, storedSessionText } from '../../stores/session-key';

/** Whether the visitor may see the page; false while a stored session is being checked. */
export function usePublicGuard(routeId: string): boolean {
  const [allowed, setAllowed] = useState(() => storedSessionText() === null);

  useEffect(() => {
    let active = true;
    const check = () => {
      if (storedSessionText() === null) return setAllowed(true);
      void import('./session-actions').then(({ signedInRedirect }) => {
        const target = signedInRedirect(routeId);
        if (target) window.location.replace(target);
        else if (active) setAllowed(true);
      });
    };
    check();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY || event.key === null) check();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [routeId]);

  return allowed;
}
