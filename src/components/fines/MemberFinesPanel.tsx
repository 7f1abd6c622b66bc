/**
 * One member's fines (charged, paid, waived, remaining, per book, with totals) and his payments
 * with their receipts (view and print). The member's own Fines page and the staff view of a
 * member's profile both show it; holders of `change_fine` also get Collect. The Collect and
 * receipt dialogs load on first use.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Panel } from '../Panel';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { LoadingState } from '../ui/Spinner';
import { fetchMemberFines, fetchMemberReceipts } from '../../lib/api/fines';
import { fineTotals } from '../../lib/collect-flow';
import { callErrorMessage } from '../../lib/errors';
import { holdsPermission } from '../../lib/permissions';
import type { FineRow, Receipt } from '../../lib/schemas/fines';
import { $session } from '../../stores/session';
import { FinesTable, PaymentsTable } from './MemberFinesTables';
import { muted, sectionGap } from './styles';

const CollectDialog = lazy(() => import('./CollectDialog'));
const ReceiptDialog = lazy(() => import('./ReceiptDialog'));

export interface MemberFinesPanelProps {
  /** The member's user id. */
  memberId: string | number;
  /** How Collect names him (full name or username). */
  memberName: string;
  /** Called after a collection (e.g. to refresh the profile's defaulter badge). */
  onChanged?: () => void;
}

/** The member's fines and receipts, read again by `reload`. */
function useMemberFines(memberId: string | number) {
  const [data, setData] = useState<{ fines: FineRow[]; receipts: Receipt[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    Promise.all([fetchMemberFines(memberId), fetchMemberReceipts(memberId)])
      .then(([fines, receipts]) => live && setData({ fines, receipts }))
      .catch((failure: unknown) => live && setError(callErrorMessage('fine-list', failure)));
    return () => {
      live = false;
    };
  }, [memberId, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data, error, reload };
}

export function MemberFinesPanel({ memberId, memberName, onChanged }: MemberFinesPanelProps) {
  const session = useStore($session);
  const canCollect = session?.role !== 'MEMBER' && holdsPermission(session, 'change_fine');
  const { data, error, reload } = useMemberFines(memberId);
  const [collecting, setCollecting] = useState(false);
  const [receiptNo, setReceiptNo] = useState<string | null>(null);
  const fines = data?.fines ?? [];
  const owed = fineTotals(fines).owed;

  return (
    <div className={sectionGap}>
      <Panel
        title="Fines"
        actions={
          canCollect && owed > 0 ? (
            <Button onClick={() => setCollecting(true)} aria-label={`Collect fines from ${memberName}`}>
              Collect
            </Button>
          ) : undefined
        }
      >
        {error ? (
          <Alert tone="error" title="Fines could not be loaded">
            <p>{error}</p>
            <Button variant="outline" className={css({ mt: '3' })} onClick={reload}>
              Retry
            </Button>
          </Alert>
        ) : !data ? (
          <LoadingState />
        ) : fines.length === 0 ? (
          <p className={muted}>No fines.</p>
        ) : (
          <FinesTable fines={fines} receipts={data.receipts} />
        )}
      </Panel>
      <Panel title="Payments">
        {!data ? (
          error ? <p className={muted}>—</p> : <LoadingState />
        ) : data.receipts.length === 0 ? (
          <p className={muted}>No payments yet.</p>
        ) : (
          <PaymentsTable receipts={data.receipts} onView={setReceiptNo} />
        )}
      </Panel>
      <Suspense fallback={null}>
        {collecting && (
          <CollectDialog
            member={{ id: memberId, name: memberName }}
            onClose={() => setCollecting(false)}
            onCollected={(number) => {
              setCollecting(false);
              reload();
              onChanged?.();
              if (number) setReceiptNo(number);
            }}
          />
        )}
        {receiptNo && <ReceiptDialog receiptNo={receiptNo} onClose={() => setReceiptNo(null)} />}
      </Suspense>
    </div>
  );
}
