/**
 * Moving a waiting reservation to another place in its title's queue: the new position (1 to the
 * queue's length) and a reason, which the server audits. Checks and messages: lib/reservations
 * (`validateMove`) and lib/forms; the server's refusal shows under its field. The form lives in
 * its content, mounted per opening (the modal unmounts it when it closes): each opening starts
 * from the reservation's place and an empty reason.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { stack } from 'styled-system/patterns';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { moveReservation } from '../../lib/api/reservations';
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import { MOVE_REASON_MAX, memberOf, moveBody, reservationMemberName, validateMove, type MoveValues } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';

const formClass = stack({ gap: '4', mt: '3' });

export interface MoveReservationDialogProps {
  /** The waiting reservation to move; null keeps the dialog closed. */
  reservation: Reservation | null;
  /** How many wait for the title (the last position). */
  queueLength: number;
  onClose: () => void;
  onMoved: () => void;
}

export function MoveReservationDialog({ reservation, queueLength, onClose, onMoved }: MoveReservationDialogProps) {
  const [busy, setBusy] = useState(false);
  const who = reservation ? reservationMemberName(memberOf(reservation), reservation.user_name) : '';
  return (
    <Modal
      open={reservation !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Move in the queue"
      description={reservation ? `${who}, now ${reservation.position ?? '?'} of ${queueLength} for “${reservation.book_title}”.` : undefined}
      busy={busy}
    >
      {reservation && <MoveForm key={reservation.id} reservation={reservation} queueLength={queueLength} onClose={onClose} onMoved={onMoved} onBusy={setBusy} />}
    </Modal>
  );
}

type MoveFormProps = Omit<MoveReservationDialogProps, 'reservation'> & { reservation: Reservation; onBusy: (busy: boolean) => void };

/** The move form; its values and errors live here, from the reservation's place at opening. */
function MoveForm({ reservation, queueLength, onClose, onMoved, onBusy }: MoveFormProps) {
  const form = useForm<MoveValues>({ initial: { position: String(reservation.position ?? ''), reason: '' } });
  const { summary, saving, submit, formRef } = form;

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    let moved = 0;
    const done = await submit(event, {
      validate: (values) => validateMove(values, queueLength),
      fields: ['position', 'reason'],
      summary: (failure, shown) => (shown ? null : callErrorMessage('reservation-move', failure)),
      send: async (values) => {
        const body = moveBody(values);
        await moveReservation(reservation.id, body);
        moved = body.position;
      },
    });
    if (!done) return;
    toast.success(NOTICES.reservationMoved(moved));
    onMoved();
    onClose();
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className={formClass} aria-label="Move in the queue">
      <TextField label="New position" type="number" inputMode="numeric" min={1} max={queueLength} required helperText={`1 to ${queueLength}`} {...form.bind('position')} />
      <TextField label="Reason" required helperText={`Kept in the audit trail (at most ${MOVE_REASON_MAX} characters).`} autoComplete="off" {...form.bind('reason')} />
      {summary && <Alert tone="error">{summary}</Alert>}
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} loadingText="Moving…">
          Move
        </Button>
      </div>
    </form>
  );
}
