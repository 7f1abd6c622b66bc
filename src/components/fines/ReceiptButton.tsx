/**
 * A receipt's number as a button that reopens the receipt (to read and print it again): the
 * Financial Report's payments and the member's fines use it. Its name reads "Receipt R-…"; the
 * receipt dialog loads on first use and keeps nothing once closed. Staff who may not read fines see the number alone.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { css } from 'styled-system/css';
import { holdsPermission } from '../../lib/permissions';
import { $session } from '../../stores/session';
import { Button } from '../ui/Button';

const ReceiptDialog = lazy(() => import('./ReceiptDialog'));

const numberText = css({ fontFamily: 'mono', whiteSpace: 'nowrap' });

export function ReceiptButton({ receiptNo }: { receiptNo: string }) {
  const session = useStore($session);
  const [open, setOpen] = useState(false);
  // Receipts are read by staff with view_fine and by the member they belong to; others see the number.
  if (session?.role !== 'MEMBER' && !holdsPermission(session, 'view_fine')) return <span className={numberText}>{receiptNo}</span>;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span className={css({ srOnly: true })}>Receipt </span>
        <span className={numberText}>{receiptNo}</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReceiptDialog receiptNo={receiptNo} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
