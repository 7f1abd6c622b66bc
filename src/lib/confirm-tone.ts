/**
 * The one rule of a confirmation's first focus, so that Enter does what the question expects.
 * A 'danger' confirmation destroys or refuses (delete, decline, disable, remove, discard, cancel a
 * reservation): it opens on Cancel, and Enter backs out. A 'neutral' one goes ahead with the work
 * (collect fines, approve, enable, resend, issue): it opens on its confirm button, and Enter
 * confirms. One that asks for input (a password before a delete) opens on its first field. The
 * desk's issue confirmation stays on its confirm button even when it warns (a defaulter, drawn in
 * the danger look), because a scan-first issue is confirmed with Enter.
 */

/** What a confirmation does: its look and its first focus follow from it. */
export type ConfirmTone = 'danger' | 'neutral';

/** Where focus lands when a confirmation opens. */
export type ConfirmFocus = 'confirm' | 'cancel' | 'field';

/** The button (or field) a confirmation focuses when it opens. */
export function confirmInitialFocus({ tone, focusConfirm = false, asksInput = false }: { tone: ConfirmTone; focusConfirm?: boolean; asksInput?: boolean }): ConfirmFocus {
  if (asksInput) return 'field';
  if (focusConfirm) return 'confirm';
  return tone === 'danger' ? 'cancel' : 'confirm';
}
