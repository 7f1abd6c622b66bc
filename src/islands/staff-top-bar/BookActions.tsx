/**
 * The staff top bar's buttons on books paths (holders of add_book): Add Book opens the book form
 * modal, Bulk Upload the CSV upload dialog, Book Template downloads `Book-Template.csv`. From
 * 768 px they are buttons; on phones one "Books" menu holds the same three actions. The dialogs
 * are loaded on first use so the top bar stays small on every page.
 */
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { menuContent } from '../../components/TopBarParts';
import { Button } from '../../components/ui/Button';
import { ChevronDownIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/Toaster';
import { $bookDialog, openAddBook } from '../../stores/catalogue';

const BookFormModal = lazy(() => import('../../components/book-form/BookFormModal'));
const BulkUploadDialog = lazy(() => import('../../components/book-bulk-upload/BulkUploadDialog'));

const actions = css({ display: { base: 'none', md: 'flex' }, gap: '2', alignItems: 'center' });
const phoneMenu = css({ display: { base: 'inline-flex', md: 'none' } });
const phoneTrigger = css({ px: '3', gap: '1.5' });
/** The top bar's menu item look, at 44 px for fingers. */
const phoneMenuItem = css({
  display: 'flex',
  alignItems: 'center',
  minH: '11',
  px: '3',
  borderRadius: 'md',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'fg.default',
  '&[data-highlighted]': { bg: 'bg.muted' },
});

/** Book Template: made in the browser; any failure shows section 8's toast. */
/** The template is made in the browser; its CSV code (papaparse) loads on first use, not with the page. */
async function downloadTemplate(): Promise<void> {
  try {
    const { downloadBookTemplate } = await import('../../lib/book-template');
    downloadBookTemplate();
  } catch {
    toast.error('Failed to download template');
  }
}

/**
 * `?add=1` on a books path opens Add Book at once (the shortcut menu's Add Book links to the Book
 * Record with it); the parameter is then removed so a reload does not open it again.
 */
export const OPEN_ADD_BOOK_PARAM = 'add';

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
            <Menu.Root positioning={{ placement: 'bottom-end', gutter: 6 }}>
              <Menu.Trigger asChild>
                <Button variant="outline" className={phoneTrigger}>
                  Books
                  <ChevronDownIcon width={16} height={16} aria-hidden="true" />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content className={menuContent}>
                    <Menu.Item value="add-book" className={phoneMenuItem} onSelect={openAddBook}>
                      Add Book
                    </Menu.Item>
                    <Menu.Item value="bulk-upload" className={phoneMenuItem} onSelect={openBulkUpload}>
                      Bulk Upload
                    </Menu.Item>
                    <Menu.Item value="book-template" className={phoneMenuItem} onSelect={downloadTemplate}>
                      Book Template
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </div>
        </>
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
