/**
 * The Return Book dialog's book pick (Book mode): the shared book picker, its choice named like
 * the secondary pick's books (`bookLabel`: "Title (id)").
 */
import { bookLabel } from '../../lib/book-picker';
import type { ReturnPick } from '../../lib/return-form';
import { BookPicker } from '../book-picker/BookPicker';

export interface ReturnBookPickProps {
  onPick: (pick: ReturnPick | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The book pick of Book mode. */
export function ReturnBookPick({ onPick, error, disabled }: ReturnBookPickProps) {
  return <BookPicker error={error} disabled={disabled} onPick={(book) => onPick(book ? { id: String(book.id), label: bookLabel(book) } : null)} />;
}
