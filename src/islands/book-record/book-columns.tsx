/** The Book Record's columns: cover, title, author, ISBN, publisher, category, status, copies, date. */
import { css, cx } from 'styled-system/css';
import { visuallyHidden } from 'styled-system/patterns';
import { badge, table } from 'styled-system/recipes';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { BookIcon } from '../../components/ui/icons';
import { LibraryDate } from '../../components/LibraryDate';
import type { Book } from '../../lib/schemas/books';

/** The cover's box (36 × 48, framed), the image or the book icon in it. */
const thumb = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '9',
  minW: '9',
  maxW: 'none',
  h: '12',
  flexShrink: 0,
  objectFit: 'cover',
  borderRadius: 'sm',
  bg: 'bg.muted',
  borderWidth: '1px',
  borderColor: 'border.default',
  color: 'fg.muted',
});
const cells = table();
const mono = cx(cells.cellNumber, css({ fontFamily: 'mono', fontSize: 'xs' }));
const copies = cells.cellNumber;
const none = cells.cellDetail;

/** A cover thumbnail, lazy and sized so rows never jump; a neutral book icon when there is none. */
export function CoverThumb({ src }: { src: string | null | undefined }) {
  if (!src) {
    return (
      <span className={thumb} aria-hidden="true">
        <BookIcon width={16} height={16} />
      </span>
    );
  }
  return <img src={src} alt="" width={36} height={48} loading="lazy" decoding="async" className={thumb} />;
}

const STATUS_TEXT: Record<string, string> = { ACTIVE: 'Active', LOST: 'Lost', WRITE_OFF: 'Written off' };
const STATUS_TONE: Record<string, 'success' | 'danger'> = { ACTIVE: 'success', LOST: 'danger', WRITE_OFF: 'danger' };
const helpCursor = css({ cursor: 'help' });

/** The book's status; LOST and WRITE_OFF carry their reason in a tooltip and for screen readers. */
export function StatusBadge({ status, reason }: { status: string; reason: string | null | undefined }) {
  const text = STATUS_TEXT[status] ?? status;
  const why = status !== 'ACTIVE' && reason ? reason : undefined;
  return (
    <span className={cx(badge({ tone: STATUS_TONE[status] ?? 'neutral' }), why && helpCursor)} data-status={status} title={why ? `${text}: ${why}` : undefined}>
      {text}
      {why && <span className={visuallyHidden()}>: {why}</span>}
    </span>
  );
}

const orDash = (value: string | null | undefined) => (value ? value : <span className={none}>—</span>);

export const BOOK_COLUMNS: readonly DataTableColumn<Book>[] = [
  { id: 'cover', header: 'Cover', headerHidden: true, width: '3.5rem', hideBelow: 'sm', cell: (book) => <CoverThumb src={book.cover_photo} /> },
  { id: 'title', header: 'Title', sortKey: 'title', rowHeader: true, cell: (book) => book.title },
  { id: 'author', header: 'Author', sortKey: 'author', cell: (book) => book.author },
  { id: 'isbn', header: 'ISBN', sortKey: 'isbn', hideBelow: 'md', cell: (book) => <span className={mono}>{book.isbn}</span> },
  { id: 'publisher', header: 'Publisher', sortKey: 'publisher', hideBelow: '2xl', cell: (book) => orDash(book.publisher) },
  { id: 'category', header: 'Category', hideBelow: 'lg', cell: (book) => orDash(book.category?.name) },
  { id: 'status', header: 'Status', cell: (book) => <StatusBadge status={String(book.status)} reason={book.status_reason} /> },
  {
    id: 'available',
    header: 'Available',
    sortKey: 'available_copies',
    align: 'end',
    cell: (book) => (
      <span className={copies}>
        {book.available_copies} / {book.total_copies}
      </span>
    ),
  },
  { id: 'total', header: 'Copies', sortKey: 'total_copies', align: 'end', hideBelow: '2xl', cell: (book) => <span className={copies}>{book.total_copies}</span> },
  { id: 'date', header: 'Added', sortKey: 'date_of_entry', hideBelow: '2xl', cell: (book) => (book.date_of_entry ? <LibraryDate value={book.date_of_entry} /> : orDash(null)) },
];
