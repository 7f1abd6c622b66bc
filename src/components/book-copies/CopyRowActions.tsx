/**
 * A copy's buttons: Edit (change_book), Charge damage (change_fine) and History (every reader) in the row's actions, and
 * Change status (change_book, only where a hand change is allowed) under the status badge, so the
 * row keeps its actions on one line beside four columns.
 */
import { css, cx } from 'styled-system/css';
import { toolbar } from 'styled-system/recipes';
import { Button } from '../ui/Button';
import type { CopyDialog, CopyRowOffer } from '../../lib/book-copies';
import type { CopyView } from '../../lib/schemas/copies';

// Edit and History side by side in the table (the column is as narrow as its content).
const actions = cx(toolbar({ gap: 'sm', justify: 'end', align: 'center' }), css({ flexWrap: { sm: 'nowrap' } }));
// Under the badge in a table cell; at the end of a phone card's Status line.
const statusButton = css({ alignSelf: { base: 'end', sm: 'start' }, mt: '1' });

interface CopyButtonsProps {
  copy: CopyView;
  offer: CopyRowOffer;
  onOpen: (dialog: CopyDialog) => void;
}

export function CopyRowActions({ copy, offer, onOpen }: CopyButtonsProps) {
  const name = copy.accession_no;
  return (
    <span className={actions}>
      {offer.edit && (
        <Button variant="outline" size="sm" aria-label={`Edit copy ${name}`} onClick={() => onOpen({ kind: 'edit', copy })}>
          Edit
        </Button>
      )}
      {offer.damage && (
        <Button variant="outline" size="sm" aria-label={`Charge for damage to copy ${name}`} onClick={() => onOpen({ kind: 'damage', copy })}>
          Charge damage
        </Button>
      )}
      {offer.history && (
        <Button variant="ghost" size="sm" aria-label={`History of copy ${name}`} onClick={() => onOpen({ kind: 'history', copy })}>
          History
        </Button>
      )}
    </span>
  );
}

/** Change status, offered only where the copy's status allows a hand change. */
export function CopyStatusButton({ copy, offer, onOpen }: CopyButtonsProps) {
  if (offer.statusActions.length === 0) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className={statusButton}
      aria-label={`Change the status of copy ${copy.accession_no}`}
      onClick={() => onOpen({ kind: 'status', copy })}
    >
      Change status
    </Button>
  );
}
