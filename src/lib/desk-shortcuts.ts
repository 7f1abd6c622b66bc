/**
 * The desk's keyboard shortcuts, from anywhere in the staff dashboard: Alt+I opens the Book issue
 * dialog, Alt+R the Return Book dialog, Alt+K the Return Book page's check-in with its scan field focused. Another page is left for the dialog's page with
 * `?dialog=issue` / `?dialog=return`, which the page reads once and drops.
 */

/** The query parameter that asks a page to open its dialog. */
export const DIALOG_PARAM = 'dialog';

export type DeskDialog = 'issue' | 'return' | 'checkin' | 'checkout';

/** Each shortcut: its key (as `KeyboardEvent.code`, so keyboard layouts and Alt's dead keys do not matter), its ARIA name and its page. */
export const DESK_SHORTCUTS: Record<DeskDialog, { code: string; keys: string; routeId: 'book-issue' | 'book-return' }> = {
  issue: { code: 'KeyI', keys: 'Alt+I', routeId: 'book-issue' },
  return: { code: 'KeyR', keys: 'Alt+R', routeId: 'book-return' },
  checkin: { code: 'KeyK', keys: 'Alt+K', routeId: 'book-return' },
  // The Issue Book page's checkout session, its field focused.
  checkout: { code: 'KeyC', keys: 'Alt+C', routeId: 'book-issue' },
};

/** The dialog a key press asks for (Alt and the letter, no other modifier), or null. */
export function shortcutDialog(event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; code: string }): DeskDialog | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  for (const [dialog, shortcut] of Object.entries(DESK_SHORTCUTS) as [DeskDialog, (typeof DESK_SHORTCUTS)[DeskDialog]][]) {
    if (shortcut.code === event.code) return dialog;
  }
  return null;
}

/** The address that opens `dialog` on its page (`/dashboard/books/issue?dialog=issue`). */
export function dialogHref(pagePath: string, dialog: DeskDialog): string {
  return `${pagePath}?${DIALOG_PARAM}=${dialog}`;
}

/** Whether the address asks for `dialog`. */
export function asksForDialog(search: string, dialog: DeskDialog): boolean {
  return new URLSearchParams(search).get(DIALOG_PARAM) === dialog;
}

/** The query parameter that names the member a checkout session starts on (his user id). */
export const MEMBER_PARAM = 'member';

/** The address of the checkout session started on a member (`/dashboard/books/issue?dialog=checkout&member=42`). */
export function checkoutHrefFor(pagePath: string, memberId: string | number): string {
  return `${dialogHref(pagePath, 'checkout')}&${MEMBER_PARAM}=${encodeURIComponent(String(memberId))}`;
}

/** The member the address starts the checkout session on: a positive whole user id, else null. */
export function askedMember(search: string): string | null {
  const raw = (new URLSearchParams(search).get(MEMBER_PARAM) ?? '').trim();
  return /^\d+$/.test(raw) && Number(raw) > 0 ? String(Number(raw)) : null;
}

/** The event a page listens to when its own shortcut is pressed on it (no navigation). */
export const OPEN_DESK_DIALOG_EVENT = 'library:open-desk-dialog';

/**
 * Said on the window when the desk's sessions change loans (a checkout issues a copy, a check-in
 * returns one or undoes a return), so the same page's lists (the issued list, the returned books)
 * reload without a page load.
 */
export const LOANS_CHANGED_EVENT = 'library:loans-changed';

/** Tells the page's lists that loans changed. */
export const announceLoansChanged = (): void => void window.dispatchEvent(new Event(LOANS_CHANGED_EVENT));

/** Calls `listener` whenever loans change on this page; answers the unsubscribe. */
export function onLoansChanged(listener: () => void): () => void {
  window.addEventListener(LOANS_CHANGED_EVENT, listener);
  return () => window.removeEventListener(LOANS_CHANGED_EVENT, listener);
}
