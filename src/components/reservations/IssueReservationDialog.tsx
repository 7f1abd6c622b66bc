/**
 * Issuing a held reservation: the held copy becomes the member's loan. Issue Date (the library's
 * today) and Due Date (after the member's loan period, read from his issue summary; 3 days until
 * it is known) are the Book issue dialog's own fields and rules (`IssueDateFields`,
 * lib/issue-form); the server's refusal shows under its field or above the buttons (issuing a
 * reservation reads non_field_errors first). The form lives in its content, mounted per opening (the modal unmounts
 * it when it closes): each opening starts on the library's today for the reservation given.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { fetchMemberIssueSummary } from '../../lib/api/circulation';
import { issueReservation } from '../../lib/api/reservations';
import { formatDate, todayIn } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { dueDateFor, issueDefaults, issueValidator, withIssueDate, type IssueFormValues } from '../../lib/issue-form';
import { NOTICES } from '../../lib/notices';
import { memberOf, reservationMemberName } from '../../lib/reservations';
import type { Reservation } from '../../lib/schemas/reservations';
import { $librarySettings } from '../../stores/library-settings';
import { IssueDateFields } from '../circulation/IssueDateFields';
import { Facts } from '../Facts';
import { Modal, dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '3' });

export interface IssueReservationDialogProps {
  /** The held reservation to issue; null keeps the dialog closed. */
  reservation: Reservation | null;
  onClose: () => void;
  /** Called after the loan was made. */
  onIssued: () => void;
}

/** The reservation's member id for the issue checks (the loan's member). */
const memberIdOf = (reservation: Reservation): string => String(memberOf(reservation)?.id ?? '');

function startValues(reservation: Reservation, today: string): IssueFormValues {
  return { ...issueDefaults(today), book: String(reservation.book), member: memberIdOf(reservation) };
}

export function IssueReservationDialog({ reservation, onClose, onIssued }: IssueReservationDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={reservation !== null} onOpenChange={(open) => !open && !busy && onClose()} title="Issue reserved book" busy={busy}>
      {reservation && <IssueReservationForm key={reservation.id} reservation={reservation} onClose={onClose} onIssued={onIssued} onBusy={setBusy} />}
    </Modal>
  );
}

type IssueReservationFormProps = Omit<IssueReservationDialogProps, 'reservation'> & { reservation: Reservation; onBusy: (busy: boolean) => void };

/** The issue form of one held reservation; its dates, errors and the member's loan period live here. */
function IssueReservationForm({ reservation, onClose, onIssued, onBusy }: IssueReservationFormProps) {
  const settings = useStore($librarySettings);
  const today = todayIn(settings?.timezone);
  const form = useForm<IssueFormValues>({ initial: startValues(reservation, today) });
  const { values, errors, summary, saving, setValue, submit, formRef } = form;
  const [loanPeriod, setLoanPeriod] = useState<number | null>(null);

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  // The member's loan period moves the due date once it is known.
  useEffect(() => {
    let live = true;
    const memberId = memberIdOf(reservation);
    if (memberId)
      fetchMemberIssueSummary(memberId)
        .then((found) => {
          if (!live) return;
          setLoanPeriod(found.loan_period_days ?? null);
          setValue('due_date', dueDateFor(today, found.loan_period_days) || (values?.due_date ?? ''));
        })
        .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function changeIssueDate(issueDate: string) {
    if (!values) return;
    const next = withIssueDate(values, issueDate, loanPeriod);
    setValue('issue_date', next.issue_date);
    setValue('due_date', next.due_date);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const done = await submit(event, {
      validate: issueValidator(today),
      fields: ['issue_date', 'due_date'],
      summary: (failure, shown) => (shown ? null : callErrorMessage('reservation-issue', failure)),
      send: async (sent) => {
        await issueReservation(reservation.id, { issue_date: sent.issue_date, due_date: sent.due_date });
      },
    });
    if (!done) return;
    toast.success(NOTICES.reservationIssued);
    onIssued();
    onClose();
  }

  const member = reservationMemberName(memberOf(reservation), reservation.user_name);
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className={stack} aria-label="Issue reserved book">
      <Facts
        rows={[
          ['Book', reservation.book_title],
          ['Member', `${member}${memberOf(reservation)?.member_id ? ` (${memberOf(reservation)?.member_id})` : ''}`],
          ['Held until', formatDate(reservation.hold_until, settings?.date_format)],
        ]}
      />
      <div className={grid}>
        <IssueDateFields
          issueDate={values?.issue_date ?? ''}
          dueDate={values?.due_date ?? ''}
          errors={errors}
          onIssueDate={changeIssueDate}
          onDueDate={(value) => setValue('due_date', value)}
          disabled={!values || saving}
        />
      </div>
      {summary && <Alert tone="error">{summary}</Alert>}
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} loadingText="Issuing…">
          Issue
        </Button>
      </div>
    </form>
  );
}
