/**
 * What a member can do with a title, wherever it shows (the book profile, the catalogue's cards):
 * add it to his wish list (the top bar's dropdown shares the store) and reserve it, out on loan or
 * not (the server decides; its refusal shows under the action). Once reserved the action reads
 * where he stands ("Reserved — position 2", "Ready — pick up by …"), from the shared store of his
 * open reservations, so every card and page agree.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { text } from 'styled-system/recipes';
import { flex } from 'styled-system/patterns';
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import { reservedText } from '../../lib/reservations';
import type { Book } from '../../lib/schemas/books';
import { $librarySettings } from '../../stores/library-settings';
import { $myReservations, loadMyReservations, reserveTitle } from '../../stores/reservations';
import { $wishlist, addBookToWishlist, loadWishlist } from '../../stores/wishlist';
import { Button } from '../ui/Button';
import { toast } from '../ui/Toaster';

const reserveBox = flex({ direction: 'column', gap: '1', minW: '0' });
const standing = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'success.fg', py: '2' });
const standingSmall = text({ tone: 'success', size: 'xs', weight: 'semibold' });
const refusal = text({ tone: 'danger', size: 'xs', wrapAnywhere: true });

/** The wish list button of the book profile. */
export function WishlistButton({ book }: { book: Pick<Book, 'id'> }) {
  const wishlist = useStore($wishlist);
  const [adding, setAdding] = useState(false);
  const inList = wishlist?.some((entry) => String(entry.book.id) === String(book.id)) ?? false;

  useEffect(() => {
    if ($wishlist.get() === null) loadWishlist().catch(() => undefined);
  }, []);

  async function add() {
    setAdding(true);
    try {
      await addBookToWishlist(book.id);
      toast.success(NOTICES.wishListAdded);
    } catch (error) {
      toast.error(callErrorMessage('book-detail', error));
    } finally {
      setAdding(false);
    }
  }

  return (
    <Button variant={inList ? 'outline' : 'solid'} disabled={inList} loading={adding} loadingText="Adding..." onClick={() => void add()}>
      {inList ? 'In your wish list' : 'Add to wish list'}
    </Button>
  );
}

/** The Reserve action: a button, or where the member stands once he has reserved the title. */
export function ReserveAction({ book, compact = false }: { book: Pick<Book, 'id' | 'title'>; compact?: boolean }) {
  const mine = useStore($myReservations);
  const dateFormat = useStore($librarySettings)?.date_format;
  const [reserving, setReserving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const refusalId = useId();
  const reservation = mine?.find((entry) => String(entry.book) === String(book.id));

  useEffect(() => {
    loadMyReservations().catch(() => undefined);
  }, []);

  async function reserve() {
    setReserving(true);
    setRefused(null);
    try {
      const made = await reserveTitle(book.id);
      toast.success(NOTICES.bookReserved(book.title, made.position));
    } catch (error) {
      setRefused(callErrorMessage('reserve-book', error));
    } finally {
      setReserving(false);
    }
  }

  if (reservation)
    return (
      <p className={compact ? standingSmall : standing} role="status">
        {reservedText(reservation, dateFormat)}
      </p>
    );
  return (
    <div className={reserveBox}>
      <Button
        variant="outline"
        size={compact ? 'sm' : undefined}
        loading={reserving}
        loadingText="Reserving..."
        aria-label={compact ? `Reserve ${book.title}` : undefined}
        aria-describedby={refused ? refusalId : undefined}
        onClick={() => void reserve()}
      >
        Reserve
      </Button>
      {refused && (
        <p id={refusalId} role="alert" className={refusal}>
          {refused}
        </p>
      )}
    </div>
  );
}
