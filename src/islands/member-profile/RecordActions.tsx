/**
 * The actions staff take on a member's record, each shown only to those the server lets do it:
 * Issue (the checkout session started on him), Place a hold and Renew membership (the checkout
 * panel's own dialogs, loaded when first opened), Edit (his profile form) and Print card. Return
 * and Collect sit on his loan and fine rows below.
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy } from 'react';
import { css } from 'styled-system/css';
import { button, toolbar } from 'styled-system/recipes';
import { todayIn } from '#shared/dates';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { mayFollow } from '../../lib/guard';
import { cardHrefFor, issueHrefFor, recordActionRights } from '../../lib/member-record';
import { holdsPermission } from '../../lib/permissions';
import { $librarySettings } from '../../stores/library-settings';
import { reservationsChanged } from '../../stores/reservations';
import { $session } from '../../stores/session';
import { useRecordActions } from './use-record-actions';

const PlaceHoldDialog = lazy(() =>
  import('../../components/checkout/PanelDialogs').then((m) => ({
    default: m.PlaceHoldDialog,
  })),
);
const RenewMembershipDialog = lazy(() =>
  import('../../components/checkout/PanelDialogs').then((m) => ({
    default: m.RenewMembershipDialog,
  })),
);

export interface RecordActionsProps {
  memberId: string;
  name: string;
  /** Opens his profile form in place (change_members). */
  onEdit: () => void;
  /** Called after a renewal or a hold changed his record. */
  onChanged?: (() => void) | undefined;
}

/** The record's action buttons, with the dialogs they open and a renewal's refusal in words. */
export function RecordActions({ memberId, name, onEdit, onChanged }: RecordActionsProps) {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const may = recordActionRights(
    (code) => holdsPermission(session, code),
    (id) => mayFollow(id, session),
  );
  const actions = useRecordActions(memberId, todayIn(settings?.timezone), holdsPermission(session, 'change_fine'), settings?.date_format);
  const link = button({ variant: 'outline', size: 'sm' });
  const done = () => {
    actions.close();
    reservationsChanged();
    onChanged?.();
  };
  return (
    <div className={css({ mb: '4' })}>
      <div className={toolbar({ gap: 'sm', align: 'center' })} role="group" aria-label="Actions on this member">
        {may.issue && (
          <a className={button({ size: 'sm' })} href={issueHrefFor(memberId)}>
            Issue
          </a>
        )}
        {may.hold && (
          <Button variant="outline" size="sm" onClick={actions.placeHold}>
            Place a hold
          </Button>
        )}
        {may.renew && (
          <Button variant="outline" size="sm" onClick={() => void actions.renew()} disabled={actions.reading}>
            Renew membership
          </Button>
        )}
        {may.edit && (
          <Button variant="outline" size="sm" onClick={onEdit}>
            Edit
          </Button>
        )}
        {may.card && (
          <a className={link} href={cardHrefFor(memberId)}>
            Print card
          </a>
        )}
      </div>
      {actions.problem && (
        <Alert tone="info" className={css({ mt: '3' })}>
          {actions.problem}
        </Alert>
      )}
      <Suspense fallback={null}>
        {actions.dialog?.kind === 'hold' && <PlaceHoldDialog memberId={memberId} name={name} onClose={actions.close} onDone={done} />}
        {actions.dialog?.kind === 'renew' && (
          <RenewMembershipDialog memberId={memberId} name={name} offer={actions.dialog.offer} dateFormat={settings?.date_format} onClose={actions.close} onDone={done} />
        )}
      </Suspense>
    </div>
  );
}
