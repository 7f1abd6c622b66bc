/**
 * The copies of one title on its profile: loaded once, reloaded after every change (and the
 * title's counts refreshed through `onChanged`, since they come from the book call), and which
 * dialog is open on which copy. A reload keeps the rows on screen under the table's overlay.
 * Closing a dialog gives the focus back to the button that opened it (the row's action), for a
 * moment while the closing dialog may still take it down with it; a button gone meanwhile (a
 * withdrawn copy has no Change status) leaves it to the row's History.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { focusIsLost } from '../ui/lazy-part';
import { copyCallError, NO_COPY_DIALOG, type CopyDialog } from '../../lib/book-copies';
import { fetchBookCopies } from '../../lib/book-copies-api';
import type { CopyView } from '../../lib/schemas/copies';

export function useBookCopies(bookId: string, onChanged: () => void) {
  const [copies, setCopies] = useState<CopyView[] | null>(null);
  const [count, setCount] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [dialog, setDialog] = useState<CopyDialog>(NO_COPY_DIALOG);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    try {
      const page = await fetchBookCopies(bookId);
      if (request !== latest.current) return;
      setCopies(page.results);
      setCount(page.count);
      setLoadError(null);
    } catch (failure) {
      if (request === latest.current) setLoadError(copyCallError(failure, 'load'));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [bookId]);

  useEffect(() => {
    void load();
  }, [load]);

  /** After a change: the rows and the title's counts again. */
  const changed = useCallback(async () => {
    onChanged();
    await load();
  }, [load, onChanged]);

  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: CopyDialog) => {
    // A focus return still running from the last dialog must not pull focus out of this one.
    stopReturningFocus();
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  }, []);
  const close = useCallback(() => {
    setDialog(NO_COPY_DIALOG);
    returnFocus(opener.current);
  }, []);

  return {
    copies,
    count,
    loadError,
    loading,
    load,
    changed,
    dialog,
    open,
    close,
  };
}

/** How long after the dialog has left the opener keeps the focus it was given back. */
const RETURN_FOCUS_MS = 500;

/** Puts the focus back on `opener` while it is lost (on the page body or on the leaving dialog). */
/** The focus return under way (one at a time: a newer one or a dialog opening ends it). */
let focusReturn = 0;
const stopReturningFocus = (): void => void focusReturn++;

function returnFocus(opener: HTMLElement | null): void {
  const mine = ++focusReturn;
  if (!opener) return;
  const label = opener.getAttribute('aria-label') ?? '';
  let until = performance.now() + RETURN_FOCUS_MS;
  const cap = performance.now() + 10 * RETURN_FOCUS_MS;
  // The dialog on the page as it closes; one opened later is left alone.
  const closing = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
  const settle = () => {
    if (mine !== focusReturn) return;
    const active = document.activeElement;
    const inDialog = closing.some((dialog) => active !== null && dialog.contains(active));
    if (active !== opener && (focusIsLost(active) || inDialog)) {
      // The copy's row may have lost the button (a withdrawn copy): its History takes the focus.
      const target = opener.isConnected ? opener : historyButtonFor(label);
      target?.focus();
    }
    // Until the dialog has left the page (its exit may be slow on a busy machine), then a moment more.
    const leaving = closing.some((dialog) => dialog.isConnected);
    if (leaving && performance.now() < cap) until = performance.now() + RETURN_FOCUS_MS;
    if (performance.now() < until) requestAnimationFrame(settle);
  };
  requestAnimationFrame(settle);
}

/** The History button of the copy an action's label names ("Change the status of copy ACC-00001"). */
function historyButtonFor(label: string): HTMLElement | null {
  const accession = / copy (\S+)$/.exec(label)?.[1];
  return accession ? document.querySelector<HTMLElement>(`button[aria-label="History of copy ${CSS.escape(accession)}"]`) : null;
}
