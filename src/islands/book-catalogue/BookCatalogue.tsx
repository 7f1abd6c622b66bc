/**
 * books/catalogue (Online Catalogue; 'Catalogue' for members): a grid of cover cards with a
 * server-side search (300 ms after the last key), filters by category, department, language and
 * "Available only", and Previous / Next paging by 24. Search, filters and page live in the URL
 * query, so reload and Back show the same grid. Each card links to the book's profile; a member
 * also gets Reserve under each card (`components/book/MemberBookActions`).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { AvailabilityBadge } from '../../components/book/AvailabilityBadge';
import { BookCover } from '../../components/book/BookCover';
import { ReserveAction } from '../../components/book/MemberBookActions';
import { BookFilters } from '../../components/book-filters/BookFilters';
import { useUrlTableState } from '../../components/data-table/use-url-table-state';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { callErrorMessage, errorStatus } from '../../lib/errors';
import { fetchBookPage } from '../../lib/api/books';
import {
  CATALOGUE_SPEC,
  bookCountText,
  catalogueQuery,
  catalogueSearch,
  cataloguePages,
  copiesText,
  pageLabel,
  parseCatalogueState,
  withCatalogueChange,
  type CatalogueFilter,
} from '../../lib/catalogue-query';
import { pathFor } from '#shared/routes';
import type { Book } from '../../lib/schemas/books';
import { $catalogueVersion } from '../../stores/catalogue';
import { $role } from '../../stores/session';

type Result = { kind: 'loading' } | { kind: 'ready'; count: number; books: Book[] } | { kind: 'error'; message: string };

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(10.5rem, 1fr))' },
  gap: { base: '3', md: '5' },
  listStyle: 'none',
  m: '0',
  p: '0',
});
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  h: 'full',
  p: '2',
  borderRadius: 'lg',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  color: 'fg.default',
  textDecoration: 'none',
  transition: 'border-color 0.15s ease, transform 0.15s ease',
  _hover: { borderColor: 'accent.border', transform: 'translateY(-2px)' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none', _hover: { transform: 'none' } },
});
// A member's Reserve sits under the card's link (a button cannot live inside a link).
const cardItem = css({ display: 'flex', flexDirection: 'column', gap: '2', '& > a': { flex: '1 1 auto', h: 'auto' } });
const cardAction = css({ px: '1', '& button': { w: 'full' } });
const cardTitle = css({ fontWeight: 'semibold', fontSize: 'sm', lineHeight: '1.3', lineClamp: '2', overflowWrap: 'anywhere' });
const cardAuthor = css({ fontSize: 'xs', color: 'fg.muted', lineClamp: '1', overflowWrap: 'anywhere' });
const cardFoot = css({ mt: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '1', flexWrap: 'wrap' });
const copies = css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' });
const skeletonBlock = css({
  borderRadius: 'md',
  bg: 'bg.muted',
  animation: 'pulse 1.6s ease-in-out infinite',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});
const summaryRow = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', my: '4', minH: '6', fontSize: 'sm', color: 'fg.muted' });
const pager = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '3', mt: '6', flexWrap: 'wrap' });

/** Covers of the first cards load at once: they are on screen at first paint (the page's largest image). */
const EAGER_COVERS = 4;

function BookCard({ book, member, eager }: { book: Book; member: boolean; eager: boolean }) {
  return (
    <li className={cardItem}>
      <a href={pathFor('book-profile', { bookId: book.id })} className={card}>
        <BookCover src={book.cover_photo} alt="" width={168} height={252} eager={eager} />
        <span className={cardTitle}>{book.title}</span>
        <span className={cardAuthor}>{book.author}</span>
        <span className={cardFoot}>
          <AvailabilityBadge book={book} />
          <span className={copies} title="Available / total copies">
            {copiesText(book)}
          </span>
        </span>
      </a>
      {member && (
        <div className={cardAction}>
          <ReserveAction book={book} compact />
        </div>
      )}
    </li>
  );
}

function SkeletonGrid() {
  return (
    <ul className={grid} aria-hidden="true">
      {Array.from({ length: 12 }, (_, index) => (
        <li key={index} className={css({ p: '2', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.surface' })}>
          <div className={skeletonBlock} style={{ aspectRatio: '2 / 3' }} />
          <div className={skeletonBlock} style={{ height: '0.75rem', marginTop: '0.75rem', width: '85%' }} />
          <div className={skeletonBlock} style={{ height: '0.75rem', marginTop: '0.5rem', width: '55%' }} />
        </li>
      ))}
    </ul>
  );
}

export default function BookCatalogue() {
  const [state, update] = useUrlTableState(CATALOGUE_SPEC);
  const [result, setResult] = useState<Result>({ kind: 'loading' });
  const version = useStore($catalogueVersion);
  const role = useStore($role);
  const request = useRef(0);
  const resultsRef = useRef<HTMLDivElement>(null);

  // Server-side search as the filters report it; typing on refines the same history entry.
  const search = useCallback((text: string) => update((current) => withCatalogueChange(current, { search: text }), 'replace'), [update]);

  // `state` is a new object on every change; its URL form says whether anything really changed.
  const stateKey = catalogueSearch(state);
  const load = useCallback(async () => {
    const current = parseCatalogueState(stateKey);
    const id = ++request.current;
    setResult({ kind: 'loading' });
    try {
      const page = await fetchBookPage(catalogueQuery(current));
      if (id !== request.current) return;
      setResult({ kind: 'ready', count: page.count, books: page.results });
    } catch (error) {
      if (id !== request.current) return;
      // A page past the end (the catalogue shrank, or an old link): show the first page instead.
      if (errorStatus(error) === 404 && current.page > 1) {
        update((latest) => ({ ...latest, page: 1 }), 'replace');
        return;
      }
      setResult({ kind: 'error', message: callErrorMessage('catalogue', error) });
    }
  }, [stateKey, update]);

  useEffect(() => {
    void load();
  }, [load, version]);

  const setFilter = (name: CatalogueFilter, value: string) => update((current) => withCatalogueChange(current, { filter: [name, value] }));
  const goToPage = (page: number) => {
    update((current) => ({ ...current, page }));
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };
  const filtered = state.search !== '' || Object.values<string>(state.filters).some(Boolean);
  const clearAll = () => {
    update((current) => ({ ...current, search: '', filters: { category: '', department: '', language: '', available: '' }, page: 1 }));
  };

  const pages = result.kind === 'ready' ? cataloguePages(result.count) : 1;

  return (
    <>
      {/* The top bar's h1 names the page ('Online Catalogue', or 'Catalogue' for members). */}
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>Browse the library's books; open one to see its details and availability.</p>
      <BookFilters landmark="Catalogue" searchLabel="Search the catalogue" search={state.search} onSearch={search} filters={state.filters} onFilterChange={setFilter} />

      <div ref={resultsRef} className={summaryRow} style={{ scrollMarginTop: '5rem' }}>
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
          <Button variant="outline" className={css({ mt: '3' })} onClick={() => void load()}>
            Try again
          </Button>
        </Alert>
      )}
      {result.kind === 'ready' && result.books.length === 0 && (
        <div className={css({ textAlign: 'center', py: '16', px: '4', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border.default' })}>
          <p className={css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' })}>No books match your search.</p>
          {filtered && <p className={css({ mt: '2', fontSize: 'sm' })}>Try other words, or clear the filters.</p>}
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
              <Button variant="outline" disabled={state.page <= 1} onClick={() => goToPage(state.page - 1)}>
                Previous
              </Button>
              <span className={css({ fontSize: 'sm', whiteSpace: 'nowrap' })}>{pageLabel(state.page, result.count)}</span>
              <Button variant="outline" disabled={state.page >= pages} onClick={() => goToPage(state.page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
