/**
 * The Return Book dialog's book pick (Book mode): the shared book picker, its choice named
 * "id - title" like the secondary pick's books.
 */
import type { ReturnPick } from '../../lib/return-form';
import { TextField } from '../ui/TextField';

export interface ReturnBookPickProps {
  onPick: (pick: ReturnPick | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The book pick of Book mode. */
export function ReturnBookPick({ error, disabled }: ReturnBookPickProps) {
  // Stand-in until the shared book picker (components/book-picker) is merged.
  return <TextField label="Book" error={error} disabled={disabled} readOnly placeholder="Use Member mode" />;
}
