/**
 * The Return Book page (staff): a "Return a book" button opening the Return Book dialog, opened at
 * once when the page is reached with `?dialog=return` (the Alt+R shortcut), and below it every
 * member's returned books, newest first, which gains each return as soon as it is recorded.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { ReturnDialog, preloadReturnDialog } from '../../components/circulation/ReturnDialog';
import { ReturnedHistoryTable } from '../../components/circulation/ReturnedHistoryTable';
import { Button } from '../../components/ui/Button';
import { $librarySettings } from '../../stores/library-settings';

const DIALOG_PARAM = 'dialog';
const bar = css({ display: 'flex', justifyContent: 'flex-end', mb: '4' });

/** Whether the page was asked to open the dialog (`?dialog=return`). */
const askedToOpen = (): boolean => new URLSearchParams(window.location.search).get(DIALOG_PARAM) === 'return';

/** Drops `?dialog=return` once the dialog has closed, so reloading does not open it again. */
function forgetDialogParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(DIALOG_PARAM)) return;
  url.searchParams.delete(DIALOG_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The Return Book page's island. */
export default function ReturnBook() {
  const settings = useStore($librarySettings);
  const [open, setOpen] = useState(askedToOpen);
  const [returns, setReturns] = useState(0);

  useEffect(() => {
    const reopen = () => askedToOpen() && setOpen(true);
    window.addEventListener('popstate', reopen);
    return () => window.removeEventListener('popstate', reopen);
  }, []);

  return (
    <div>
      <div className={bar}>
        <Button onClick={() => setOpen(true)} onPointerEnter={preloadReturnDialog} onFocus={preloadReturnDialog}>
          Return a book
        </Button>
      </div>
      <ReturnedHistoryTable memberId={null} caption="Returned books" reloadOn={[returns]} dateFormat={settings?.date_format} />
      <ReturnDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) forgetDialogParam();
        }}
        onReturned={() => setReturns((count) => count + 1)}
      />
    </div>
  );
}
