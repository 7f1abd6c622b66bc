/**
 * The checkout session on the Issue Book page (staff holding add_bookissuance): one field takes a
 * member's card (or number or name), then his copies, each issued at once (`use-checkout`). The
 * member panel shows beside the session list; Done or Esc ends the session with its slip. Alt+C
 * from any staff page, or `?dialog=checkout`, focuses the field; `&member={user id}` (the member
 * record's Issue) starts the session on him. Members see nothing here.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { BLOCK_OVERRIDE_PERMISSION } from '#shared/blocks';
import { todayIn } from '#shared/dates';
import { isStaffRole } from '#shared/permission-codes';
import { askedMember, asksForDialog, DIALOG_PARAM, MEMBER_PARAM, OPEN_DESK_DIALOG_EVENT } from '../../lib/desk-shortcuts';
import { holdsPermission } from '../../lib/permissions';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { CheckoutView, type CheckoutAllowed } from './CheckoutView';

/** Drops `?dialog=checkout` (and `&member=`) once read, so reloading the page does not start again. */
function dropDialogParam(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(DIALOG_PARAM);
  url.searchParams.delete(MEMBER_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

const frame = css({ mb: '6' });

export default function CheckoutDesk() {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const field = useRef<HTMLInputElement>(null);
  // The member the address starts the session on, read once.
  const [startMember] = useState(() => (asksForDialog(window.location.search, 'checkout') ? askedMember(window.location.search) : null));
  const allowed = session !== null && isStaffRole(session.role) && holdsPermission(session, 'add_bookissuance');

  useEffect(() => {
    if (!allowed) return;
    if (asksForDialog(window.location.search, 'checkout')) {
      dropDialogParam();
      field.current?.focus();
    }
    const onAsk = (event: Event) => {
      if ((event as CustomEvent<string>).detail === 'checkout') field.current?.focus();
    };
    // Alt+C on this page: the top bar's listener asks here instead of navigating.
    window.addEventListener(OPEN_DESK_DIALOG_EVENT, onAsk);
    return () => window.removeEventListener(OPEN_DESK_DIALOG_EVENT, onAsk);
  }, [allowed]);

  if (!allowed) return null;
  const can: CheckoutAllowed = {
    override: holdsPermission(session, BLOCK_OVERRIDE_PERMISSION),
    renew: holdsPermission(session, 'change_members'),
    collect: holdsPermission(session, 'change_fine'),
    hold: holdsPermission(session, 'change_bookreservation'),
    lost: holdsPermission(session, 'change_bookissuance'),
  };
  return (
    <div className={frame}>
      <CheckoutView fieldRef={field} startMember={startMember} can={can} today={todayIn(settings?.timezone)} dateFormat={settings?.date_format} processingFee={settings?.lost_processing_fee} />
    </div>
  );
}
