/** A book's profile: covers, availability, the actions a role may take, every detail and the description. */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { grid, stack, wrap } from 'styled-system/patterns';
import { text, toolbar } from 'styled-system/recipes';
import { PageHeader, Panel } from '../../components/Panel';
import { AvailabilityBadge } from '../../components/book/AvailabilityBadge';
import { ReserveAction, WishlistButton } from '../../components/book/MemberBookActions';
import { Facts } from '../../components/Facts';
import { Button } from '../../components/ui/Button';
import { copiesText, coverUrls, statusText } from '../../lib/catalogue-query';
import { formatDate } from '#shared/dates';
import { formatAmount } from '#shared/money';
import type { Book } from '../../lib/schemas/books';
import { openEditBook } from '../../stores/catalogue';
import { $isStaff, $role, hasPermission } from '../../stores/session';
import { CoverGallery } from './CoverGallery';
import { useEbookReader } from './use-ebook-reader';

const layout = grid({ gridTemplateColumns: { base: '1fr', md: '14rem 1fr', lg: '18rem 1fr' }, gap: { base: '6', lg: '8' }, alignItems: 'start' });
const column = stack({ gap: '6', minW: '0' });
const availability = wrap({ align: 'center', gap: '3', mb: '4' });
// Full-width buttons on phones, a row from 640 px.
const actions = toolbar({ stackOnPhone: true });
// The description keeps the line breaks it was typed with.
const prose = css({ fontSize: 'sm', whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: '1.6' });
const lead = text({ weight: 'medium', wrapAnywhere: true });

/** Wish list and Reserve for members, Read e-book for anyone, Edit book for staff with change_book. */
function BookActions({ book }: { book: Book }) {
  const isStaff = useStore($isStaff);
  const role = useStore($role);
  const ebook = useEbookReader(book.id);
  return (
    <div className={actions}>
      {role === 'MEMBER' && <WishlistButton book={book} />}
      {role === 'MEMBER' && <ReserveAction book={book} />}
      {book.ebook_file && (
        <Button variant="outline" loading={ebook.opening} loadingText="Opening..." onClick={ebook.read}>
          Read e-book
        </Button>
      )}
      {isStaff && hasPermission('change_book') && (
        <Button variant="outline" onClick={() => openEditBook(book.id)}>
          Edit book
        </Button>
      )}
    </div>
  );
}

function BookFacts({ book, dateFormat }: { book: Book; dateFormat: string | null | undefined }) {
  return (
    <Facts
      rows={[
        ['Title', book.title],
        ['Author', book.author],
        ['ISBN', book.isbn ? <span className={text({ mono: true })}>{book.isbn}</span> : null],
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
  );
}

export function BookDetails({ book, dateFormat }: { book: Book; dateFormat: string | null | undefined }) {
  return (
    <>
      <PageHeader title={book.title}>by {book.author}</PageHeader>
      <div className={layout}>
        <CoverGallery key={String(book.id)} title={book.title} covers={coverUrls(book)} />
        <div className={column}>
          <div>
            <div className={availability}>
              <AvailabilityBadge book={book} size="md" />
              <span className={text({ size: 'sm' })}>
                <strong className={text({ size: 'lg' })}>{copiesText(book)}</strong> <span className={text({ tone: 'muted' })}>copies available</span>
              </span>
            </div>
            <BookActions book={book} />
          </div>
          <Panel title="Details">
            <BookFacts book={book} dateFormat={dateFormat} />
          </Panel>
          {(book.specification_description || book.detailed_description) && (
            <Panel title="Description">
              <div className={stack({ gap: '3' })}>
                {book.specification_description && <p className={lead}>{book.specification_description}</p>}
                {book.detailed_description && <p className={prose}>{book.detailed_description}</p>}
              </div>
            </Panel>
          )}
        </div>
      </div>
    </>
  );
}
