/**
 * The staff top bar's buttons on books paths (holders of add_book): Add Book opens the book form
 * modal, Bulk Upload the CSV upload dialog, Book Template downloads `Book-Template.csv`. From
 * 768 px they are buttons; on phones one "Books" menu holds the same three actions. The dialogs
 * are loaded on first use so the top bar stays small on every page.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { ChevronDownIcon } from '../../components/ui/icons';
import { lazyPart, useLazyPopup } from '../../components/ui/lazy-part';
import { toast } from '../../components/ui/Toaster';
import { callErrorMessage } from '../../lib/errors';
import { OPEN_ADD_BOOK_PARAM } from '../../lib/top-bar';
import { $bookDialog, openAddBook } from '../../stores/catalogue';
import type { BookMenuAction } from './StaffMenus';

const BookFormModal = lazy(() => import('../../components/book-form/BookFormModal'));
const BookBulkUpload = lazy(() => import('../../components/bulk-upload/BookBulkUpload'));

/** The action buttons from 768 px, and the phone menu below it. */
export const actions = css({ display: { base: 'none', md: 'flex' }, gap: '2', alignItems: 'center' });
export const phoneMenu = css({ display: { base: 'inline-flex', md: 'none' } });
const phoneTrigger = cx(button({ variant: 'outline' }), css({ px: '3', gap: '1.5' }));

/** The staff top bar's menus (shortcuts, the phone "Books" menu; Ark UI), loaded after first paint. */
export const staffMenus = lazyPart(() => import('./StaffMenus'));

/** Book Template, made in the browser: its CSV code (papaparse) loads on first use; any failure toasts 'Failed to download template'. */
async function downloadTemplate(): Promise<void> {
  try {
    const { downloadBookTemplate } = await import('../../lib/book-template');
    downloadBookTemplate();
  } catch (error) {
    toast.error(callErrorMessage('book-template', error));
  }
}

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
        <>
          <div className={actions}>
            <Button onClick={openAddBook}>Add Book</Button>
            <Button variant="outline" onClick={openBulkUpload}>
              Bulk Upload
            </Button>
            <Button variant="outline" onClick={downloadTemplate}>
              Book Template
            </Button>
          </div>
          <div className={phoneMenu}>
            <ActionsMenu
              label="Books"
              triggerId="books-menu-trigger"
              actions={[
                { value: 'add-book', label: 'Add Book', run: openAddBook },
                { value: 'bulk-upload', label: 'Bulk Upload', run: openBulkUpload },
                { value: 'book-template', label: 'Book Template', run: () => void downloadTemplate() },
              ]}
            />
          </div>
        </>
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

/** The phone menu of a page's actions (Books, Members): a stand-in trigger until the menu code has loaded. */
export function ActionsMenu({ label, triggerId, actions }: { label: string; triggerId: string; actions: readonly BookMenuAction[] }) {
  const { view, openAtStart, triggerProps } = useLazyPopup(staffMenus, triggerId);
  const face = (
    <>
      {label}
      <ChevronDownIcon width={16} height={16} aria-hidden="true" />
    </>
  );
  if (view) {
    return (
      <view.BooksMenuView triggerId={triggerProps.id} defaultOpen={openAtStart} triggerClassName={phoneTrigger} actions={actions}>
        {face}
      </view.BooksMenuView>
    );
  }
  return (
    <button type="button" className={phoneTrigger} {...triggerProps}>
      {face}
    </button>
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
