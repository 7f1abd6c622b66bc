/**
 * books/catalogue (Online Catalogue; 'Catalogue' for members): a grid of cover cards with a
 * server-side search (300 ms after the last key), filters by category, department, language and
 * "Available only", and Previous / Next paging by 24. Search, filters and page live in the URL
 * query, so reload and Back show the same grid. Each card links to the book's profile; a member
 * also gets Reserve under each card (`components/book/MemberBookActions`).
 */
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { cx, sva } from 'styled-system/css';
import { card, toolbar } from 'styled-system/recipes';
import { BookFilters } from '../../components/book-filters/BookFilters';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { bookCountText, cataloguePages, pageLabel } from '../../lib/catalogue-query';
import { $role } from '../../stores/session';
import { BookCard, SkeletonGrid, grid } from './CatalogueCards';
import { useCatalogue } from './use-catalogue';

/** The page around the grid: intro, the count row, the empty state, the pager. */
const catalogue = sva({
  slots: ['intro', 'count', 'pager', 'pageText', 'empty', 'retry'],
  base: {
    intro: { color: 'fg.muted', fontSize: 'sm', mb: '4' },
    count: { my: '4', minH: '6', fontSize: 'sm', color: 'fg.muted', scrollMarginTop: '5rem' },
    pager: { justifyContent: 'center', mt: '6' },
    pageText: { fontSize: 'sm', whiteSpace: 'nowrap' },
    empty: { py: '16', '& strong': { display: 'block', fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' }, '& p': { mt: '2', fontSize: 'sm' } },
    retry: { mt: '3' },
  },
})();
const summaryRow = cx(toolbar({ justify: 'between', align: 'center' }), catalogue.count);
const pager = cx(toolbar({ align: 'center' }), catalogue.pager);
const empty = cx(card({ empty: true }), catalogue.empty);

/** Covers of the first cards load at once: they are on screen at first paint (the page's largest image). */
const EAGER_COVERS = 4;

export default function BookCatalogue() {
  const { state, result, load, search, setFilter, goToPage, clearAll, filtered } = useCatalogue();
  const role = useStore($role);
  const resultsRef = useRef<HTMLDivElement>(null);
  const pages = result.kind === 'ready' ? cataloguePages(result.count) : 1;
  const turnTo = (page: number) => {
    goToPage(page);
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      {/* The top bar's h1 names the page ('Online Catalogue', or 'Catalogue' for members). */}
      <p className={catalogue.intro}>Browse the library's books; open one to see its details and availability.</p>
      <BookFilters landmark="Catalogue" searchLabel="Search the catalogue" search={state.search} onSearch={search} filters={state.filters} onFilterChange={setFilter} />

      <div ref={resultsRef} className={summaryRow}>
        <p role="status" aria-live="polite">
          {result.kind === 'loading' ? 'Loading...' : result.kind === 'ready' ? bookCountText(result.count) : ''}
        </p>
        {filtered && (
          <Button variant="ghost" onClick={clearAll}>
            Clear search and filters
          </Button>
        )}
      </div>

      {result.kind === 'loading' && <SkeletonGrid />}
      {result.kind === 'error' && (
        <Alert tone="error" title="The catalogue could not be loaded">
          <p>{result.message}</p>
          <Button variant="outline" className={catalogue.retry} onClick={() => void load()}>
            Try again
          </Button>
        </Alert>
      )}
      {result.kind === 'ready' && result.books.length === 0 && (
        <div className={empty}>
          <strong>No books match your search.</strong>
          {filtered && <p>Try other words, or clear the filters.</p>}
        </div>
      )}
      {result.kind === 'ready' && result.books.length > 0 && (
        <>
          <ul className={grid} aria-label="Books">
            {result.books.map((book, index) => (
              <BookCard key={book.id} book={book} member={role === 'MEMBER'} eager={index < EAGER_COVERS} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className={pager} aria-label="Catalogue pages">
              <Button variant="outline" disabled={state.page <= 1} onClick={() => turnTo(state.page - 1)}>
                Previous
              </Button>
              <span className={catalogue.pageText}>{pageLabel(state.page, result.count)}</span>
              <Button variant="outline" disabled={state.page >= pages} onClick={() => turnTo(state.page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
