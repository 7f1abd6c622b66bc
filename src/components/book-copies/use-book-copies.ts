/**
 * The copies of one title on its profile: loaded once, reloaded after every change (and the
 * title's counts refreshed through `onChanged`, since they come from the book call), and which
 * dialog is open on which copy. A reload keeps the rows on screen under the table's overlay.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
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

  const close = useCallback(() => setDialog(NO_COPY_DIALOG), []);

  return { copies, count, loadError, loading, load, changed, dialog, open: setDialog, close };
}
