/**
 * Issuing a held reservation: the held copy becomes the member's loan. The form is the Book issue
 * dialog's own issuing flow (`useIssueFlow`, rules in lib/issue-flow) and frame (`IssueFormFrame`):
 * Issue Date (the library's today) and Due Date (after the member's loan period, read from his
 * issue summary; 3 days until it is known); the server's refusal shows under its field or above
 * the fields. The form lives in its content, mounted per opening (the modal unmounts it when it
 * closes): each opening starts on the library's today for the reservation given.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatDate, todayIn } from '#shared/dates';
import type { IssueTarget } from '../../lib/issue-flow';
import { memberOf, reservationMemberName } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';
import { $librarySettings } from '../../stores/library-settings';
import { IssueFormFrame } from '../circulation/IssueFormFrame';
import { useIssueFlow } from '../circulation/use-issue-flow';
import { Facts } from '../Facts';
import { Modal } from '../Modal';

export interface IssueReservationDialogProps {
  /** The held reservation to issue; null keeps the dialog closed. */
  reservation: Reservation | null;
  onClose: () => void;
  /** Called after the loan was made. */
  onIssued: () => void;
}

/** What the flow issues: this reservation's book for its member. */
const targetOf = (reservation: Reservation): IssueTarget => ({ kind: 'reservation', reservationId: reservation.id, book: reservation.book, member: memberOf(reservation)?.id ?? null });

export function IssueReservationDialog({ reservation, onClose, onIssued }: IssueReservationDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={reservation !== null} onOpenChange={(open) => !open && !busy && onClose()} title="Issue reserved book" busy={busy}>
      {reservation && <IssueReservationForm key={reservation.id} reservation={reservation} onClose={onClose} onIssued={onIssued} onBusy={setBusy} />}
    </Modal>
  );
}

type IssueReservationFormProps = Omit<IssueReservationDialogProps, 'reservation'> & { reservation: Reservation; onBusy: (busy: boolean) => void };

/** The issue form of one held reservation; its dates, errors and the member's loan period live in the flow. */
function IssueReservationForm({ reservation, onClose, onIssued, onBusy }: IssueReservationFormProps) {
  const settings = useStore($librarySettings);
  const [target] = useState(() => targetOf(reservation));
  const flow = useIssueFlow({ target, today: todayIn(settings?.timezone), onBusy });
  const member = memberOf(reservation);
  const name = reservationMemberName(member, reservation.user_name);
  return (
    <IssueFormFrame
      flow={flow}
      label="Issue reserved book"
      onSubmit={(event) =>
        void flow.submitIssue(event).then((done) => {
          if (!done) return;
          onIssued();
          onClose();
        })
      }
      onClose={onClose}
      submitLabel="Issue"
      savingLabel="Issuing…"
      top={
        <Facts
          rows={[
            ['Book', reservation.book_title],
            ['Member', `${name}${member?.member_id ? ` (${member.member_id})` : ''}`],
            ['Held until', formatDate(reservation.hold_until, settings?.date_format)],
          ]}
        />
      }
    />
  );
}
