/**
 * Undo of a return made today from the Return Book page's returned books (staff who may take books
 * back): each row returned today offers Undo; the confirmation says what happens, the server
 * decides (`POST /books/issued-books/{id}/undo-return/`: refused for a paid return, with its
 * reason shown in the dialog), and the page's lists reload. The same call as the check-in's Undo.
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { toast } from '../ui/Toaster';
import { undoReturn } from '../../lib/checkin-session-api';
import { CHECKIN_MESSAGES, undoErrorMessage } from '../../lib/checkin-session';
import { announceLoansChanged } from '../../lib/desk-shortcuts';
import type { ReturnedRow } from './ReturnedHistoryTable';

/** Undo for the rows returned on `today` (a return date cannot be later, so such a return was made today); its button and its dialog. */
export function useUndoReturn(today: string): { action: (row: ReturnedRow) => ReactNode; dialog: ReactNode } {
  const [asked, setAsked] = useState<ReturnedRow | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const title = asked?.book.title ?? '';
  const member = asked?.member.username ?? 'the member';

  const action = (row: ReturnedRow): ReactNode =>
    row.return_date === today ? (
      <Button size="sm" variant="outline" aria-label={`Undo the return of ${row.book.title}`} onClick={() => (setFailure(null), setAsked(row))}>
        Undo
      </Button>
    ) : null;

  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onOpenChange={(open) => !open && setAsked(null)}
      title="Undo this return?"
      description={asked ? CHECKIN_MESSAGES.undoQuestion(title, member) : undefined}
      confirmLabel="Undo return"
      busyLabel="Undoing..."
      onConfirm={async () => {
        if (!asked) return;
        try {
          await undoReturn(asked.issue_id);
        } catch (error) {
          const message = undoErrorMessage(error);
          setFailure(message);
          throw new Error(message);
        }
        toast.success(CHECKIN_MESSAGES.returnUndone);
        announceLoansChanged();
      }}
    >
      {failure && <Alert tone="error">{failure}</Alert>}
    </ConfirmDialog>
  );
  return { action, dialog };
}
