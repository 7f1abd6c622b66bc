/**
 * books/record (view_book): the catalogue as a server-side table. Search, filters, sort, page and
 * page size live in the URL; only the current page is in memory, so it behaves the same with 60
 * or 100,000 books. An answer that arrives after a newer request is ignored. The list reloads
 * when the catalogue changes (an add from the top bar, an edit in the book modal, a delete here).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useState } from 'react';
import { cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { button, text } from 'styled-system/recipes';
import { DataTable } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { useUrlTableState, tablePaging, tableSorting } from '../../components/data-table/use-url-table-state';
import { Button } from '../../components/ui/Button';
import { EyeIcon, PencilIcon, TrashIcon } from '../../components/ui/icons';
import { fetchBookPage } from '../../lib/api/books';
import { callErrorMessage } from '../../lib/errors';
import { holdsPermission } from '../../lib/permissions';
import { pathFor } from '#shared/routes';
import type { Book } from '../../lib/schemas/books';
import { BOOK_RECORD_SPEC, bookQueryFromState, defaultTableState, isFiltered, type BookFilter } from '../../lib/table-query';
import { $catalogueVersion, openEditBook } from '../../stores/catalogue';
import { $session } from '../../stores/session';
import { BOOK_COLUMNS } from './book-columns';
import { BookToolbar } from './BookToolbar';
import { DeleteBookDialog } from './DeleteBookDialog';

const listErrorMessage = (error: unknown): string => callErrorMessage('book-list', error);

const actionIcon = button({ variant: 'ghost', size: 'icon' });

const dangerAction = text({ tone: 'danger' });
const emptyBox = flex({ direction: 'column', align: 'center', gap: '3' });

export default function BookRecord() {
  const session = useStore($session);
  const canEdit = holdsPermission(session, 'change_book');
  const canDelete = holdsPermission(session, 'delete_book');
  const version = useStore($catalogueVersion);
  const [state, update] = useUrlTableState(BOOK_RECORD_SPEC);

  const [deleting, setDeleting] = useState<Book | null>(null);

  const query = useMemo(() => bookQueryFromState(state), [state]);
  const queryKey = JSON.stringify(query);
  const { page, loading, loadError, reload } = usePageLoader<Book>({
    key: queryKey,
    load: () => fetchBookPage(query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: listErrorMessage,
    reloadOn: [version],
  });

  const search = useCallback(
    (text: string) => update((current) => ({ ...current, search: text, page: 1 }), state.search && text ? 'replace' : 'push'),
    [update, state.search],
  );
  const filter = useCallback((name: BookFilter, value: string) => update((current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 1 })), [update]);
  const clear = useCallback(
    () => update((current) => ({ ...defaultTableState(BOOK_RECORD_SPEC), ordering: current.ordering, pageSize: current.pageSize })),
    [update],
  );

  const filtered = isFiltered(state);
  const rows = loadError ? [] : (page?.rows ?? []);

  return (
    <div>
      {/* The staff top bar shows the page's h1 ('Book Record'). */}
      <DataTable
        caption="Books"
        captionHidden
        columns={BOOK_COLUMNS}
        rows={rows}
        rowKey={(book) => book.id}
        loading={loading}
        toolbar={(sortSelect) => (
          <BookToolbar
            state={state}
            query={query}
            filtered={filtered}
            onSearch={search}
            onFilter={filter}
            onClear={clear}
            sortSelect={sortSelect}
          />
        )}
        notice={loadError && <TableLoadProblem title="Books could not be loaded" message={loadError} onRetry={reload} />}
        emptyText={
          loadError ? (
            'No books to show.'
          ) : filtered ? (
            <div className={emptyBox}>
              <p>No books match your search or filters.</p>
              <Button variant="outline" onClick={clear}>
                Clear filters
              </Button>
            </div>
          ) : (
            'No books in the catalogue yet.'
          )
        }
        sort={tableSorting(state, update)}
        pagination={tablePaging(state, update, loadError ? 0 : (page?.count ?? 0))}
        rowActions={(book) => (
          <>
            <a className={actionIcon} href={pathFor('book-profile', { bookId: book.id })} aria-label={`View ${book.title}`} title="View">
              <EyeIcon />
            </a>
            {canEdit && (
              <button type="button" className={actionIcon} aria-label={`Edit ${book.title}`} title="Edit" onClick={() => openEditBook(book.id)}>
                <PencilIcon />
              </button>
            )}
            {canDelete && (
              <button type="button" className={cx(actionIcon, dangerAction)} aria-label={`Delete ${book.title}`} title="Delete" onClick={() => setDeleting(book)}>
                <TrashIcon />
              </button>
            )}
          </>
        )}
      />
      {deleting && <DeleteBookDialog book={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
