/**
 * books/record/profile/{bookId}: the covers, every detail of the title, its availability, the
 * e-book (fetched with the bearer token and opened as an object URL in a new tab), and by role:
 * members add it to their wish list (the top bar's dropdown shares the store, so it shows there at
 * once) or reserve it (`components/book/MemberBookActions`); staff with change_book open the one book form modal, and the profile reloads after a save;
 * staff see the title's copies (`components/book-copies`: add, edit, status changes, history; the
 * counts above reload after each change) and its loan history; staff with change_bookreservation place a hold for a member. An unknown id is a clear "not found" state, not a toast.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';
import { BookCopies } from '../../components/book-copies/BookCopies';
import { RecordProblem, type RecordProblemTexts } from '../../components/RecordProblem';
import { LoadingState } from '../../components/ui/Spinner';
import { useRecord } from '../../components/use-record';
import { fetchBook } from '../../lib/api/books';
import { currentRouteParams } from '../../lib/deep-links';
import { callErrorMessage } from '../../lib/errors';
import { pathFor } from '#shared/routes';
import { $catalogueVersion } from '../../stores/catalogue';
import { $librarySettings } from '../../stores/library-settings';
import { $isStaff, $session } from '../../stores/session';
import { holdsPermission } from '../../lib/permissions';
import { BookDetails } from './BookDetails';
import { LoanHistory } from './LoanHistory';
import { PlaceHoldForMember } from './PlaceHoldForMember';

const TEXTS: RecordProblemTexts = {
  heading: 'Book Profile',
  notFound: {
    heading: 'Book not found',
    title: 'This book does not exist or was removed.',
    body: (
      <a href={pathFor('book-catalogue')} className={textLink()}>
        Back to the catalogue
      </a>
    ),
  },
  forbidden: { title: 'You do not have access to this book', body: 'Staff need the “View book” permission to see book profiles.' },
  errorTitle: 'The book could not be loaded',
};

const bookError = (failure: unknown) => callErrorMessage('book-detail', failure);

export default function BookProfile() {
  const [bookId] = useState(() => currentRouteParams().bookId ?? '');
  const version = useStore($catalogueVersion);
  const isStaff = useStore($isStaff);
  const settings = useStore($librarySettings);
  const session = useStore($session);
  // A save in the book form bumps the catalogue's version: the profile reloads and stays on screen.
  const { state, reload, refresh } = useRecord(bookId, fetchBook, bookError, [version]);

  if (state.kind === 'loading') return <LoadingState text="Loading..." />;
  if (state.kind !== 'ready') return <RecordProblem state={state} texts={TEXTS} onRetry={() => void reload()} />;

  return (
    <>
      <BookDetails book={state.record} dateFormat={settings?.date_format} />
      {isStaff && holdsPermission(session, 'change_bookreservation') && <PlaceHoldForMember book={state.record} />}
      {isStaff && (
        <div className={css({ mt: '8' })}>
          <BookCopies bookId={bookId} shelf={state.record.shelf_location} onChanged={() => void refresh()} />
        </div>
      )}
      {isStaff && (
        <div className={css({ mt: '8' })}>
          <LoanHistory bookId={bookId} dateFormat={settings?.date_format} />
        </div>
      )}
    </>
  );
}
