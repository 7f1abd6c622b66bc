/**
 * Staff with change_bookreservation place a hold on this title for a member (the member picker,
 * then `POST /books/reservations/` with `member` and `book`): he joins the end of the title's queue,
 * with the same notices as a member's own reservation, and the toast names his place in line.
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MemberPicker } from '../../components/member-picker/MemberPicker';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { reserveBook } from '../../lib/api/reservations';
import { CHECKIN_MESSAGES } from '../../lib/checkin-session';
import { callErrorMessage } from '../../lib/errors';
import { personLabel, type PickablePerson } from '../../lib/member-picker';
import { NOTICES } from '../../lib/notices';

const CHOOSE_MEMBER = CHECKIN_MESSAGES.chooseMember;

export function PlaceHoldForMember({ book }: { book: { id: string | number; title: string } }) {
  const [open, setOpen] = useState(false);
  const [member, setMember] = useState<PickablePerson | null>(null);
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  function close(next: boolean) {
    setOpen(next);
    if (!next) (setMember(null), setMissing(undefined), setFailure(null));
  }

  async function place() {
    if (!member) {
      setMissing(CHOOSE_MEMBER);
      throw new Error(CHOOSE_MEMBER);
    }
    try {
      const reservation = await reserveBook({ book: book.id, member: member.id });
      toast.success(NOTICES.holdPlacedInLine(book.title, personLabel(member), reservation.position));
    } catch (error) {
      setFailure(callErrorMessage('reserve-book', error));
      throw error;
    }
  }

  return (
    <div className={css({ mt: '4' })}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Place a hold for a member
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        title="Place a hold for a member"
        description={`The member joins the end of the queue for “${book.title}” and is told when a copy is held for him.`}
        confirmLabel="Place hold"
        busyLabel="Placing…"
        tone="neutral"
        submitOnEnter
        onConfirm={place}
      >
        <MemberPicker label="Member" onPick={(person) => (setMember(person), setMissing(undefined), setFailure(null))} error={missing} />
        {failure && <Alert tone="error">{failure}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
