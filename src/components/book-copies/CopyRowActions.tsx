/** A copy's row actions: Edit and Change status for holders of change_book (only where a hand change is allowed), History for every reader. */
import { toolbar } from 'styled-system/recipes';
import { Button } from '../ui/Button';
import type { CopyDialog, CopyRowOffer } from '../../lib/book-copies';
import type { CopyView } from '../../lib/schemas/copies';

export function CopyRowActions({ copy, offer, onOpen }: { copy: CopyView; offer: CopyRowOffer; onOpen: (dialog: CopyDialog) => void }) {
  const name = copy.accession_no;
  return (
    <span className={toolbar({ gap: 'sm', justify: 'end', align: 'center' })}>
      {offer.edit && (
        <Button variant="outline" size="sm" aria-label={`Edit copy ${name}`} onClick={() => onOpen({ kind: 'edit', copy })}>
          Edit
        </Button>
      )}
      {offer.statusActions.length > 0 && (
        <Button variant="outline" size="sm" aria-label={`Change the status of copy ${name}`} onClick={() => onOpen({ kind: 'status', copy })}>
          Change status
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
