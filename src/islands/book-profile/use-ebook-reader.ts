/** Opening a book's e-book: fetched with the bearer token, shown as an object URL in a new tab. */
import { useState } from 'react';
import { toast } from '../../components/ui/Toaster';
import { fetchEbook } from '../../lib/api/books';
import { callErrorMessage } from '../../lib/errors';

/** Opens the e-book in a new tab; the tab is opened at the click so pop-up blockers allow it. */
async function readEbook(bookId: number | string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchEbook(bookId);
    const url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab keeps its own copy once loaded; free ours later.
    window.setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
  } catch (error) {
    tab?.close();
    toast.error(callErrorMessage('ebook-open', error));
  }
}

/** Read e-book's busy flag and action. */
export function useEbookReader(bookId: number | string) {
  const [opening, setOpening] = useState(false);
  const read = () => {
    setOpening(true);
    void readEbook(bookId).finally(() => setOpening(false));
  };
  return { opening, read };
}
