/**
 * The catalogue's grid of cover cards (each a link to the book's profile; a member's Reserve sits
 * under the link, since a button cannot live inside a link) and its skeleton while loading. Each card
 * says how many of the title's copies are on the shelf in words ("2 of 3 copies available", "None of
 * 3 copies available"), counted from its copies by the server.
 */
import { cx, sva } from 'styled-system/css';
import { card } from 'styled-system/recipes';
import { AvailabilityBadge } from '../../components/book/AvailabilityBadge';
import { BookCover } from '../../components/book/BookCover';
import { ReserveAction } from '../../components/book/MemberBookActions';
import { copiesAvailableWords } from '../../lib/top-search';
import { pathFor } from '#shared/routes';
import type { Book } from '../../lib/schemas/books';

/** The grid, a cover card (a link lifting on hover) with its parts, a member's Reserve under it, and the skeleton's blocks. */
const cards = sva({
  slots: ['grid', 'item', 'link', 'title', 'author', 'foot', 'copies', 'action', 'skeleton', 'block'],
  base: {
    grid: { display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(10.5rem, 1fr))' }, gap: { base: '3', md: '5' }, listStyle: 'none', m: '0', p: '0' },
    item: { display: 'flex', flexDirection: 'column', gap: '2', '& > a': { flex: '1 1 auto', h: 'auto' } },
    link: {
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      h: 'full',
      p: '2',
      transition: 'border-color 0.15s ease, transform 0.15s ease',
      _hover: { transform: 'translateY(-2px)' },
      '@media (prefers-reduced-motion: reduce)': { transition: 'none', _hover: { transform: 'none' } },
    },
    title: { fontWeight: 'semibold', fontSize: 'sm', lineHeight: '1.3', lineClamp: '2', overflowWrap: 'anywhere' },
    author: { fontSize: 'xs', color: 'fg.muted', lineClamp: '1', overflowWrap: 'anywhere' },
    foot: { mt: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '1', flexWrap: 'wrap' },
    copies: { fontSize: 'xs', color: 'fg.muted' },
    action: { px: '1', '& button': { w: 'full' } },
    skeleton: { p: '2' },
    block: { borderRadius: 'md', bg: 'bg.muted', animation: 'pulse 1.6s ease-in-out infinite', '@media (prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
})();
export const grid = cards.grid;
const cardLink = cx(card({ interactive: true }), cards.link);
const skeletonCard = cx(card(), cards.skeleton);
const skeletonBlock = cards.block;

export function BookCard({ book, member, eager }: { book: Book; member: boolean; eager: boolean }) {
  return (
    <li className={cards.item}>
      <a href={pathFor('book-profile', { bookId: book.id })} className={cardLink}>
        <BookCover src={book.cover_photo} alt="" width={168} height={252} eager={eager} />
        <span className={cards.title}>{book.title}</span>
        <span className={cards.author}>{book.author}</span>
        <span className={cards.foot}>
          <AvailabilityBadge book={book} />
          <span className={cards.copies} data-testid="copies-available">
            {copiesAvailableWords(book)}
          </span>
        </span>
      </a>
      {member && (
        <div className={cards.action}>
          <ReserveAction book={book} compact />
        </div>
      )}
    </li>
  );
}

export function SkeletonGrid() {
  return (
    <ul className={grid} aria-hidden="true">
      {Array.from({ length: 12 }, (_, index) => (
        <li key={index} className={skeletonCard}>
          <div className={skeletonBlock} style={{ aspectRatio: '2 / 3' }} />
          <div className={skeletonBlock} style={{ height: '0.75rem', marginTop: '0.75rem', width: '85%' }} />
          <div className={skeletonBlock} style={{ height: '0.75rem', marginTop: '0.5rem', width: '55%' }} />
        </li>
      ))}
    </ul>
  );
}
