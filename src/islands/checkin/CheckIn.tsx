/**
 * The Return Book page's check-in desk (staff): scan copies one after another; each is returned at
 * once and joins this session's list, newest first. A copy set aside for a hold offers its slip at
 * once (and keeps a Print on its row). Staff who may collect fines collect a row's fine now (the
 * member's Collect fines); for others it is recorded as owed. Undo (asked first) reopens a loan
 * returned today by mistake. Alt+K from anywhere lands here with the scan field focused.
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { CheckinList } from '../../components/checkin/CheckinList';
import { CheckinScanForm } from '../../components/checkin/CheckinScanForm';
import { HoldSlipPrint } from '../../components/checkin/HoldSlipPrint';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Panel } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CHECKIN_MESSAGES, holdText, type CheckinEntry } from '../../lib/checkin-session';
import { OPEN_DESK_DIALOG_EVENT, DIALOG_PARAM } from '../../lib/desk-shortcuts';
import { holdsPermission } from '../../lib/permissions';
import { todayIn } from '#shared/dates';
import { FINE_COLLECTOR_PERMISSION } from '#shared/fines';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { useCheckinSession } from './use-checkin-session';

const CollectDialog = lazy(() => import('../../components/fines/CollectDialog'));

const desk = css({ mb: '8' });
const offerActions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: '2' });

export default function CheckIn() {
  const settings = useStore($librarySettings);
  const session = useStore($session);
  const today = todayIn(settings?.timezone);
  const canCollect = session?.role !== 'MEMBER' && holdsPermission(session, FINE_COLLECTOR_PERMISSION);
  const flow = useCheckinSession(today);
  const field = useRef<HTMLInputElement>(null);
  const [collecting, setCollecting] = useState<CheckinEntry | null>(null);

  useEffect(() => {
    // The scan field is the page's first stop, unless the Return Book dialog was asked for (it takes focus).
    if (new URLSearchParams(window.location.search).get(DIALOG_PARAM) !== 'return') field.current?.focus();
    const onAsk = (event: Event) => {
      if ((event as CustomEvent<string>).detail === 'checkin') field.current?.focus();
    };
    window.addEventListener(OPEN_DESK_DIALOG_EVENT, onAsk);
    return () => window.removeEventListener(OPEN_DESK_DIALOG_EVENT, onAsk);
  }, []);

  const backToScan = () => requestAnimationFrame(() => field.current?.focus());
  const dateFormat = settings?.date_format;
  return (
    <div className={desk}>
      <Panel title="Check in" intro="Scan each returned copy: it is checked in at once and listed below, newest first.">
        <CheckinScanForm ref={field} returnDate={flow.returnDate} today={today} onReturnDate={flow.setReturnDate} onScan={flow.scan} />
        {flow.offer && (
          <div className={css({ mt: '4' })}>
            <Alert tone="success" title="Set aside for a hold">
              {holdText(flow.offer, dateFormat)}: put a hold slip in the copy.
              <div className={offerActions}>
                <Button size="sm" onClick={() => flow.offer && flow.printSlip(flow.offer)}>
                  Print hold slip
                </Button>
                <Button size="sm" variant="outline" onClick={() => (flow.dismissOffer(), backToScan())}>
                  Dismiss
                </Button>
              </div>
            </Alert>
          </div>
        )}
        <div className={css({ mt: '4' })}>
          <CheckinList
            entries={flow.entries}
            today={today}
            dateFormat={dateFormat}
            canCollect={canCollect}
            onPrint={(entry) => entry.holdSlip && flow.printSlip(entry.holdSlip)}
            onUndo={flow.askUndo}
            onCollect={setCollecting}
          />
        </div>
      </Panel>
      {flow.printing && <HoldSlipPrint slip={flow.printing.slip} request={flow.printing.request} dateFormat={dateFormat} />}
      <ConfirmDialog
        open={flow.undoing !== null}
        onOpenChange={(open) => !open && (flow.askUndo(null), backToScan())}
        title="Undo this check-in?"
        description={flow.undoing ? CHECKIN_MESSAGES.undoQuestion(flow.undoing.title ?? flow.undoing.barcode, flow.undoing.member?.name ?? 'the member') : undefined}
        confirmLabel="Undo check-in"
        busyLabel="Undoing..."
        onConfirm={async () => {
          if (flow.undoing) await flow.undo(flow.undoing);
        }}
      >
        {flow.undoError && <Alert tone="error">{flow.undoError}</Alert>}
      </ConfirmDialog>
      {collecting?.member && (
        <Suspense fallback={null}>
          <CollectDialog
            member={{ id: collecting.member.id, name: collecting.member.name }}
            onClose={() => (setCollecting(null), backToScan())}
            onCollected={(receiptNo) => (flow.collected(collecting.key, receiptNo), setCollecting(null), backToScan())}
          />
        </Suspense>
      )}
    </div>
  );
}
