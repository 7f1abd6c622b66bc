/**
 * The checkout session's screen: the field and the session list on one side, the member panel on
 * the other (stacked on phones); the slip once the session ends; the panel's dialogs. Focus goes back to the field after each answer unless the user moved it on purpose.
 */
import { Suspense, lazy, useEffect, useState, type RefObject } from 'react';
import { css } from 'styled-system/css';
import { card } from 'styled-system/recipes';
import { slipLines, type SessionRow } from '../../lib/checkout-session';
import { renewalOffer, type PanelLoan } from '../../lib/checkout-session-panel';
import { MemberPanel } from '../../components/checkout/MemberPanel';
import { OverrideDialog } from '../../components/checkout/OverrideDialog';
import { SessionRows } from '../../components/checkout/SessionRows';
import { SlipPanel } from '../../components/checkout/SlipPanel';
import { Alert } from '../../components/ui/Alert';
import { LoadingState } from '../../components/ui/Spinner';
import { ScanForm } from './ScanForm';
import { useCheckout } from './use-checkout';

// The panel's dialogs load when first opened (the member record opens the same ones).
const panelDialogs = () => import('../../components/checkout/PanelDialogs');
const RenewMembershipDialog = lazy(() => panelDialogs().then((m) => ({ default: m.RenewMembershipDialog })));
const PlaceHoldDialog = lazy(() => panelDialogs().then((m) => ({ default: m.PlaceHoldDialog })));
const MarkLostDialog = lazy(() => panelDialogs().then((m) => ({ default: m.MarkLostDialog })));

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' });
const title = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3', overflowWrap: 'anywhere' });

/** What the signed-in staff member may do at the desk beyond issuing. */
export interface CheckoutAllowed {
  override: boolean;
  renew: boolean;
  collect: boolean;
  hold: boolean;
  lost: boolean;
}

type Asking = { kind: 'override'; row: SessionRow } | { kind: 'renew' } | { kind: 'hold' } | { kind: 'lost'; loan: PanelLoan } | null;

export interface CheckoutViewProps {
  fieldRef: RefObject<HTMLInputElement>;
  /** A member's user id to start the session on (from the address), read once. */
  startMember?: string | null | undefined;
  can: CheckoutAllowed;
  today: string;
  dateFormat: string | null | undefined;
  processingFee: string | number | null | undefined;
}

export function CheckoutView({ fieldRef, startMember, can, today, dateFormat, processingFee }: CheckoutViewProps) {
  const checkout = useCheckout();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void (startMember && checkout.startOn(startMember)), [startMember]);
  const { state, panel } = checkout;
  const [asking, setAsking] = useState<Asking>(null);
  const loaded = panel.status === 'ready' || panel.status === 'loading' ? panel.panel : null;
  const ask = (next: Asking) => setAsking(next);
  const closeAsking = () => {
    setAsking(null);
    fieldRef.current?.focus();
  };
  const latest = state.rows[0];

  useEffect(() => {
    const active = document.activeElement;
    if (!asking && state.phase !== 'slip' && (active === null || active === document.body)) fieldRef.current?.focus();
  }, [latest?.key, latest?.state, state.phase, state.member?.id, asking]);

  if (state.phase === 'slip' && state.member)
    return <SlipPanel member={state.member} lines={slipLines(state.rows)} today={today} nextMember={state.nextMember} onClose={() => { checkout.closeSlip(); fieldRef.current?.focus(); }} />;

  const offer = loaded ? renewalOffer(loaded, today, can.collect, dateFormat) : null;
  const canOverride = loaded ? loaded.can_override : can.override;
  return (
    <div className={grid}>
      <section className={card({ padding: 'lg' })} aria-label="Check out session">
        <h2 className={title}>{state.member ? `Check out to ${state.member.name}` : 'Check out'}</h2>
        <ScanForm fieldRef={fieldRef} serving={state.member !== null} message={state.fieldMessage} busy={checkout.lookingUp} choices={checkout.choices} onScan={checkout.scan} onChoose={checkout.choose} onDone={checkout.end} />
        {state.member && (
          <div className={css({ mt: '4' })}>
            <SessionRows rows={state.rows} dateFormat={dateFormat} canOverride={canOverride} onOverride={(row) => ask({ kind: 'override', row })} />
          </div>
        )}
      </section>
      {state.member && (
        <div>
          {panel.status === 'failed' && <Alert tone="error" title="The member panel could not be loaded">{panel.message}</Alert>}
          {!loaded && panel.status === 'loading' && <LoadingState />}
          {loaded && (
            <MemberPanel
              panel={loaded}
              today={today}
              dateFormat={dateFormat}
              onRenew={can.renew && offer ? () => ask({ kind: 'renew' }) : undefined}
              onHold={can.hold ? () => ask({ kind: 'hold' }) : undefined}
              onLost={can.lost ? (loan) => ask({ kind: 'lost', loan }) : undefined}
            />
          )}
        </div>
      )}
      {asking?.kind === 'override' && <OverrideDialog row={asking.row} onOverride={(reason) => checkout.override(asking.row.key, reason)} onClose={closeAsking} />}
      <Suspense fallback={null}>
        {state.member && asking?.kind === 'renew' && offer && (
          <RenewMembershipDialog memberId={state.member.id} name={state.member.name} offer={offer} dateFormat={dateFormat} onClose={closeAsking} onDone={checkout.reloadPanel} />
        )}
        {state.member && asking?.kind === 'hold' && <PlaceHoldDialog memberId={state.member.id} name={state.member.name} onClose={closeAsking} onDone={checkout.reloadPanel} />}
        {asking?.kind === 'lost' && <MarkLostDialog loan={asking.loan} processingFee={processingFee} onClose={closeAsking} onDone={checkout.reloadPanel} />}
      </Suspense>
    </div>
  );
}
