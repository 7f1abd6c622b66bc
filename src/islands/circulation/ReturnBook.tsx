/**
 * The Return Book page (staff): a "Return a book" button opening the Return Book dialog, opened at
 * once when the page is reached with `?dialog=return` (the Alt+R shortcut from another page) or
 * when Alt+R is pressed here, and below it every member's returned books, newest first, which
 * gains each return as soon as it is recorded; a return made today offers Undo.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { flex } from 'styled-system/patterns';
import { ReturnDialog, preloadReturnDialog } from '../../components/circulation/ReturnDialog';
import { ReturnedHistoryTable } from '../../components/circulation/ReturnedHistoryTable';
import { useUndoReturn } from '../../components/circulation/UndoReturn';
import { Button } from '../../components/ui/Button';
import { DESK_SHORTCUTS, DIALOG_PARAM, OPEN_DESK_DIALOG_EVENT, asksForDialog, onLoansChanged } from '../../lib/desk-shortcuts';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { holdsPermission } from '../../lib/permissions';
import { todayIn } from '#shared/dates';

const bar = flex({ justify: 'flex-end', mb: '4' });

/** Drops `?dialog=return` once read, so reloading the page does not open the dialog again. */
function dropDialogParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(DIALOG_PARAM)) return;
  url.searchParams.delete(DIALOG_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The Return Book page's island. */
export default function ReturnBook() {
  const settings = useStore($librarySettings);
  const [open, setOpen] = useState(() => asksForDialog(window.location.search, 'return'));
  const [returns, setReturns] = useState(0);
  const session = useStore($session);
  // Undo of a return made today, for staff who may take books back (the server checks anyway).
  const canUndo = session !== null && holdsPermission(session, 'change_bookissuance');
  const undo = useUndoReturn(todayIn(settings?.timezone));

  useEffect(() => {
    dropDialogParam();
    // Alt+R on this page: the top bar's listener asks here instead of navigating.
    const onAsk = (event: Event) => {
      if ((event as CustomEvent<string>).detail === 'return') setOpen(true);
    };
    window.addEventListener(OPEN_DESK_DIALOG_EVENT, onAsk);
    return () => window.removeEventListener(OPEN_DESK_DIALOG_EVENT, onAsk);
  }, []);
  // A check-in on this page returned a copy or undid a return: the returned books reload.
  useEffect(() => onLoansChanged(() => setReturns((count) => count + 1)), []);

  return (
    <div>
      <div className={bar}>
        <Button aria-keyshortcuts={DESK_SHORTCUTS.return.keys} onClick={() => setOpen(true)} onPointerEnter={preloadReturnDialog} onFocus={preloadReturnDialog}>
          Return a book
        </Button>
      </div>
      <ReturnedHistoryTable memberId={null} caption="Returned books" reloadOn={[returns]} dateFormat={settings?.date_format} {...(canUndo ? { rowAction: undo.action } : {})} />
      {undo.dialog}
      <ReturnDialog open={open} onOpenChange={setOpen} onReturned={() => setReturns((count) => count + 1)} />
    </div>
  );
}
