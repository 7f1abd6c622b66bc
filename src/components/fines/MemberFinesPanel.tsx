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
import { formatDate } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { formatMoney, toMinorUnits } from '#shared/money';
import { holdsPermission } from '../../lib/permissions';
import type { FineRow, Receipt } from '../../lib/schemas/fines';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { muted, sectionGap, smallTable, smallTableWrap } from './styles';

const CollectDialog = lazy(() => import('./CollectDialog'));
const ReceiptDialog = lazy(() => import('./ReceiptDialog'));

const minor = (value: string | number | null | undefined): number => toMinorUnits(value ?? 0) ?? 0;
const sum = (rows: readonly FineRow[], pick: (row: FineRow) => string | number): number => rows.reduce((total, row) => total + minor(pick(row)), 0);

export interface MemberFinesPanelProps {
  /** The member's user id. */
  memberId: string | number;
  /** How Collect names him (full name or username). */
  memberName: string;
  /** Called after a collection (e.g. to refresh the profile's defaulter badge). */
  onChanged?: () => void;
}

export function MemberFinesPanel({ memberId, memberName, onChanged }: MemberFinesPanelProps) {
  const session = useStore($session);
  const dateFormat = useStore($librarySettings)?.date_format;
  const canCollect = session?.role !== 'MEMBER' && holdsPermission(session, 'change_fine');
  const [data, setData] = useState<{ fines: FineRow[]; receipts: Receipt[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [collecting, setCollecting] = useState(false);
  const [receiptNo, setReceiptNo] = useState<string | null>(null);

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
  const fines = data?.fines ?? [];
  const owed = sum(fines, (row) => row.remaining_fines);

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
          <div className={smallTableWrap}>
            <table className={smallTable} aria-label="Fines per book">
              <thead>
                <tr>
                  <th scope="col">Book</th>
                  <th scope="col">Returned</th>
                  <th scope="col" className="money">Late days</th>
                  <th scope="col" className="money">Charged</th>
                  <th scope="col" className="money">Paid</th>
                  <th scope="col" className="money">Waived</th>
                  <th scope="col" className="money">Remaining</th>
                </tr>
              </thead>
              <tbody>
                {fines.map((row) => (
                  <tr key={String(row.id)}>
                    <th scope="row">{row.book_title}</th>
                    <td>{formatDate(row.return_date, dateFormat) ?? '—'}</td>
                    <td className="money">{row.late_days ?? 0}</td>
                    <td className="money">{formatMoney(minor(row.amount))}</td>
                    <td className="money">{formatMoney(minor(row.collected_amount))}</td>
                    <td className="money">{formatMoney(minor(row.discount))}</td>
                    <td className="money">{formatMoney(minor(row.remaining_fines))}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>Total</th>
                  <td className="money">{formatMoney(sum(fines, (row) => row.amount))}</td>
                  <td className="money">{formatMoney(sum(fines, (row) => row.collected_amount))}</td>
                  <td className="money">{formatMoney(sum(fines, (row) => row.discount))}</td>
                  <td className="money" data-testid="fines-remaining-total">{formatMoney(owed)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </Panel>
      <Panel title="Payments">
        {!data ? (
          error ? <p className={muted}>—</p> : <LoadingState />
        ) : data.receipts.length === 0 ? (
          <p className={muted}>No payments yet.</p>
        ) : (
          <div className={smallTableWrap}>
            <table className={smallTable} aria-label="Payments">
              <thead>
                <tr>
                  <th scope="col">Receipt</th>
                  <th scope="col">Date</th>
                  <th scope="col" className="money">Cash</th>
                  <th scope="col" className="money">Discount</th>
                  <th scope="col" className="money">Total</th>
                  <th scope="col"><span className={css({ srOnly: true })}>Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {data.receipts.map((receipt) => (
                  <tr key={receipt.receipt_no}>
                    <th scope="row" className={css({ fontFamily: 'mono', fontWeight: 'normal' })}>{receipt.receipt_no}</th>
                    <td>{formatDate(receipt.created_at.slice(0, 10), dateFormat)}</td>
                    <td className="money">{formatMoney(minor(receipt.cash))}</td>
                    <td className="money">{formatMoney(minor(receipt.discount))}</td>
                    <td className="money">{formatMoney(minor(receipt.total))}</td>
                    <td>
                      <Button variant="outline" size="sm" onClick={() => setReceiptNo(receipt.receipt_no)} aria-label={`View receipt ${receipt.receipt_no}`}>
                        View receipt
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
