/**
 * books/record/profile/{bookId}: the covers, every detail of the title, its availability, the
 * e-book (fetched with the bearer token and opened as an object URL in a new tab), and by role:
 * members add it to their wish list (the top bar's dropdown shares the store, so it shows there at
 * once) or reserve it (`components/book/MemberBookActions`); staff with change_book open the one book form modal, and the profile reloads after a save;
 * staff see the title's loan history. An unknown id is a clear "not found" state, not a toast.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { PageHeader, Panel } from '../../components/Panel';
import { AvailabilityBadge } from '../../components/book/AvailabilityBadge';
import { ReserveAction, WishlistButton } from '../../components/book/MemberBookActions';
import { Facts } from '../../components/Facts';
import { LoadProblem } from '../../components/LoadProblem';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/Toaster';
import { fetchBook, fetchEbook } from '../../lib/api/books';
import { copiesText, coverUrls, statusText } from '../../lib/catalogue-query';
import { formatDate } from '#shared/dates';
import { formatAmount } from '#shared/money';
import { currentRouteParams } from '../../lib/deep-links';
import { callErrorMessage, errorStatus } from '../../lib/errors';
import { pathFor } from '#shared/routes';
import type { Book } from '../../lib/schemas/books';
import { $catalogueVersion, openEditBook } from '../../stores/catalogue';
import { $librarySettings } from '../../stores/library-settings';
import { $isStaff, $role, hasPermission } from '../../stores/session';
import { textLink } from 'styled-system/recipes';
import { CoverGallery } from './CoverGallery';
import { LoanHistory } from './LoanHistory';

type LoadState = { kind: 'loading' } | { kind: 'ready'; book: Book } | { kind: 'not-found' } | { kind: 'forbidden' } | { kind: 'error'; message: string };

const layout = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '14rem 1fr', lg: '18rem 1fr' }, gap: { base: '6', lg: '8' }, alignItems: 'start' });
const availability = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', mb: '4' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 100%', sm: '0 0 auto' } } });
const prose = css({ fontSize: 'sm', whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: '1.6' });

/** Opens the e-book in a new tab; the tab is opened at the click so pop-up blockers allow it. */
async function readEbook(book: Book): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchEbook(book.id);
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

function BookDetails({ book, dateFormat }: { book: Book; dateFormat: string | null | undefined }) {
  const isStaff = useStore($isStaff);
  const role = useStore($role);
  const [opening, setOpening] = useState(false);
  const canEdit = isStaff && hasPermission('change_book');

  return (
    <>
      <PageHeader title={book.title}>by {book.author}</PageHeader>
      <div className={layout}>
        <CoverGallery key={String(book.id)} title={book.title} covers={coverUrls(book)} />
        <div className={css({ minW: '0', display: 'flex', flexDirection: 'column', gap: '6' })}>
          <div>
            <div className={availability}>
              <AvailabilityBadge book={book} size="md" />
              <span className={css({ fontSize: 'sm' })}>
                <strong className={css({ fontSize: 'lg' })}>{copiesText(book)}</strong> <span className={css({ color: 'fg.muted' })}>copies available</span>
              </span>
            </div>
            <div className={actions}>
              {role === 'MEMBER' && <WishlistButton book={book} />}
              {role === 'MEMBER' && <ReserveAction book={book} />}
              {book.ebook_file && (
                <Button
                  variant="outline"
                  loading={opening}
                  loadingText="Opening..."
                  onClick={() => {
                    setOpening(true);
                    void readEbook(book).finally(() => setOpening(false));
                  }}
                >
                  Read e-book
                </Button>
              )}
              {canEdit && (
                <Button variant="outline" onClick={() => openEditBook(book.id)}>
                  Edit book
                </Button>
              )}
            </div>
          </div>
          <Panel title="Details">
            <Facts
              rows={[
                ['Title', book.title],
                ['Author', book.author],
                ['ISBN', book.isbn ? <span className={css({ fontFamily: 'mono' })}>{book.isbn}</span> : null],
                ['Publisher', book.publisher],
                ['Edition', book.edition],
                ['Department', book.department?.name],
                ['Category', book.category?.name],
                ['Language', book.language?.name],
                ['Rack no.', book.rack_no],
                ['Shelf', book.shelf_location],
                ['Date of entry', formatDate(book.date_of_entry, dateFormat)],
                ['Status', statusText(book)],
                ['Price', formatAmount(book.price)],
              ]}
            />
          </Panel>
          {(book.specification_description || book.detailed_description) && (
            <Panel title="Description">
              {book.specification_description && <p className={css({ fontWeight: 'medium', mb: '3', overflowWrap: 'anywhere' })}>{book.specification_description}</p>}
              {book.detailed_description && <p className={prose}>{book.detailed_description}</p>}
            </Panel>
          )}
        </div>
      </div>
    </>
  );
}

export default function BookProfile() {
  const [bookId] = useState(() => currentRouteParams().bookId ?? '');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const version = useStore($catalogueVersion);
  const isStaff = useStore($isStaff);
  const settings = useStore($librarySettings);
  const loaded = useRef(false);

  const load = useCallback(async () => {
    if (!bookId) {
      setState({ kind: 'not-found' });
      return;
    }
    // A reload after an edit keeps the page on screen; only the first load shows 'Loading...'.
    if (!loaded.current) setState({ kind: 'loading' });
    try {
      const book = await fetchBook(bookId);
      loaded.current = true;
      setState({ kind: 'ready', book });
    } catch (error) {
      const status = errorStatus(error);
      if (status === 404) setState({ kind: 'not-found' });
      else if (status === 403) setState({ kind: 'forbidden' });
      else setState({ kind: 'error', message: callErrorMessage('book-detail', error) });
    }
  }, [bookId]);

  useEffect(() => {
    void load();
  }, [load, version]);

  const catalogueLink = (
    <a href={pathFor('book-catalogue')} className={textLink()}>
      Back to the catalogue
    </a>
  );

  if (state.kind === 'loading') return <LoadingState text="Loading..." />;
  if (state.kind === 'not-found')
    return (
      <LoadProblem heading="Book not found" tone="info" title="This book does not exist or was removed.">
        {catalogueLink}
      </LoadProblem>
    );
  if (state.kind === 'forbidden')
    return (
      <LoadProblem heading="Book Profile" tone="error" title="You do not have access to this book">
        Staff need the “View book” permission to see book profiles.
      </LoadProblem>
    );
  if (state.kind === 'error')
    return (
      <LoadProblem heading="Book Profile" tone="error" title="The book could not be loaded" onRetry={() => void load()}>
        {state.message}
      </LoadProblem>
    );

  return (
    <>
      <BookDetails book={state.book} dateFormat={settings?.date_format} />
      {isStaff && (
        <div className={css({ mt: '8' })}>
          <LoanHistory bookId={bookId} dateFormat={settings?.date_format} />
        </div>
      )}
    </>
  );
}
