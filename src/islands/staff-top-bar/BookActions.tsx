/**
 * The staff top bar's buttons on books paths (holders of add_book): Add Book opens the book form
 * modal, Bulk Upload the CSV upload dialog, Book Template downloads `Book-Template.csv`. The
 * dialogs are loaded on first use so the top bar stays small on every page.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { downloadBookTemplate } from '../../lib/book-csv';
import { $bookDialog, openAddBook } from '../../stores/catalogue';

const BookFormModal = lazy(() => import('../book-form/BookFormModal'));
const BulkUploadDialog = lazy(() => import('../book-bulk-upload/BulkUploadDialog'));

const actions = css({ display: { base: 'none', md: 'flex' }, gap: '2', alignItems: 'center' });

export function BookActions({ canAdd }: { canAdd: boolean }) {
  const [bulkOpen, setBulkOpen] = useState(false);
  return (
    <>
      {canAdd && (
        <div className={actions}>
          <Button onClick={openAddBook}>
            Add Book
          </Button>
          <Button variant="outline" onClick={() => setBulkOpen(true)}>
            Bulk Upload
          </Button>
          <Button
           
            variant="outline"
            onClick={() => {
              try {
                downloadBookTemplate();
              } catch {
                toast.error('Failed to download template');
              }
            }}
          >
            Book Template
          </Button>
        </div>
      )}
      <BookDialogHost />
      {bulkOpen && (
        <Suspense fallback={null}>
          <BulkUploadDialog open={bulkOpen} onClose={() => setBulkOpen(false)} />
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
