/**
 * Where the session is stored (`userData`, named by the specification), readable without the
 * session store: the sign-in pages check it before loading anything heavier.
 */

/** localStorage key named by the specification. */
export const SESSION_KEY = 'userData';

/** The stored session's raw text, or null when none is stored (or storage is unavailable). */
export function storedSessionText(): string | null {
  try {
    return window.localStorage.getItem(SESSION_KEY) || null;
  } catch {
    return null;
  }
}
