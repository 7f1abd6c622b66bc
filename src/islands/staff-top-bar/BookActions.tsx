/**
 * The staff top bar's buttons on books paths (holders of add_book): Add Book opens the book form
 * modal, Bulk Upload the CSV upload dialog, Book Template downloads `Book-Template.csv`. From
 * 768 px they are buttons; on phones one "Books" menu holds the same three actions (`PageActions`). The dialogs
 * are loaded on first use so the top bar stays small on every page.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_ADD_BOOK_PARAM } from '../../lib/top-bar';
import { $bookDialog, openAddBook } from '../../stores/catalogue';
import { downloadTemplate, PageActions } from './PageActions';

const BookFormModal = lazy(() => import('../../components/book-form/BookFormModal'));
const BookBulkUpload = lazy(() => import('../../components/bulk-upload/BookBulkUpload'));

/** Book Template: its CSV code (papaparse) loads on first use. */
const downloadBookTemplate = () => downloadTemplate(async () => (await import('../../lib/book-template')).downloadBookTemplate, 'book-template');

/** Opens Add Book when the address asks for it (`OPEN_ADD_BOOK_PARAM`), then drops the parameter so a reload does not. */
function useOpenAddFromUrl(canAdd: boolean): void {
  useEffect(() => {
    // Waits for the permission (the session's permissions may still be loading).
    if (!canAdd) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get(OPEN_ADD_BOOK_PARAM) !== '1') return;
    url.searchParams.delete(OPEN_ADD_BOOK_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    openAddBook();
  }, [canAdd]);
}

export function BookActions({ canAdd }: { canAdd: boolean }) {
  const [bulkOpen, setBulkOpen] = useState(false);
  useOpenAddFromUrl(canAdd);
  const openBulkUpload = () => setBulkOpen(true);
  return (
    <>
      {canAdd && (
        <PageActions
          label="Books"
          triggerId="books-menu-trigger"
          actions={[
            { value: 'add-book', label: 'Add Book', run: openAddBook },
            { value: 'bulk-upload', label: 'Bulk Upload', run: openBulkUpload },
            { value: 'book-template', label: 'Book Template', run: () => void downloadBookTemplate() },
          ]}
        />
      )}
      <BookDialogHost />
      {bulkOpen && (
        <Suspense fallback={null}>
          <BookBulkUpload open={bulkOpen} onClose={() => setBulkOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Hosts the one book form modal of the page; opened through `$bookDialog` (Add Book, a row's Edit). */
export function BookDialogHost() {
  const dialog = useStore($bookDialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <BookFormModal />
    </Suspense>
  );
}
