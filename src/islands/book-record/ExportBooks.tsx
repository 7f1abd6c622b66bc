/**
 * CSV export of the current search and filters: every page of the query is fetched one after the
 * other (100 rows each, so the server is never asked for a huge answer), with progress and Cancel;
 * more than EXPORT_ROW_CAP rows are cut and the user told. Only the finished file is kept.
 */
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { toolbar } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { fetchBookPage, type BookQuery } from '../../lib/api/books';
import { saveCsv } from '../../lib/download';
import { callErrorMessage } from '../../lib/errors';
import type { Book } from '../../lib/schemas/books';
import { EXPORT_ROW_CAP, bookExportCsv, bookExportFileName } from '../../lib/book-export';
import { formatCount } from '#shared/numbers';
import { NOTICES } from '../../lib/notices';

const EXPORT_PAGE_SIZE = 100;

const row = toolbar({ align: 'center', gap: 'sm' });
const progressText = css({ fontSize: 'sm', color: 'fg.muted', minW: '12rem' });

export function ExportBooks({ query }: { query: BookQuery }) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  /** Bumped by each start and by Cancel: a loop whose number is no longer current stops. */
  const runs = useRef(0);
  // Leaving the page stops an export under way.
  useEffect(() => () => void runs.current++, []);

  async function run() {
    const id = ++runs.current;
    const cancelled = () => runs.current !== id;
    setProgress({ done: 0, total: 0 });
    const books: Book[] = [];
    try {
      let total = 0;
      for (let page = 1; ; page++) {
        const answer = await fetchBookPage({ ...query, page, page_size: EXPORT_PAGE_SIZE });
        if (cancelled()) return;
        total = answer.count;
        books.push(...answer.results);
        setProgress({ done: Math.min(books.length, EXPORT_ROW_CAP), total: Math.min(total, EXPORT_ROW_CAP) });
        if (!answer.next || answer.results.length === 0 || books.length >= EXPORT_ROW_CAP) break;
      }
      const exported = Math.min(books.length, EXPORT_ROW_CAP);
      // The byte order mark makes spreadsheet programs read Urdu, Arabic and accents as UTF-8.
      saveCsv(await bookExportCsv(books), bookExportFileName(new Date()));
      if (total > EXPORT_ROW_CAP) {
        toast.info(NOTICES.exportCapped(EXPORT_ROW_CAP, total), NOTICES.exportCappedHint);
      } else {
        toast.success(NOTICES.exported(exported));
      }
    } catch (failure) {
      if (!cancelled()) toast.error(callErrorMessage('book-export', failure));
    } finally {
      if (!cancelled()) setProgress(null);
    }
  }

  if (progress) {
    return (
      <div className={row}>
        <span className={progressText} role="status" aria-live="polite">
          {progress.total ? `Exporting ${formatCount(progress.done)} of ${formatCount(progress.total)} books...` : 'Exporting...'}
        </span>
        <Button
          variant="outline"
          onClick={() => {
            runs.current++;
            setProgress(null);
            toast.info(NOTICES.exportCancelled);
          }}
        >
          Cancel export
        </Button>
      </div>
    );
  }
  return (
    <Button variant="outline" onClick={() => void run()}>
      Export CSV
    </Button>
  );
}
