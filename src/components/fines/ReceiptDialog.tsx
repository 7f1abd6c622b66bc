/**
 * The receipt dialog (loaded on first use): shows one receipt by number, with a choice of paper
 * and Print. Printing uses a copy of the receipt placed directly in <body>: under `@media print`
 * every other child of <body> is hidden, so only the receipt comes out, sized for the paper.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { css } from 'styled-system/css';
import { Modal, dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { SelectField } from '../ui/SelectField';
import { LoadingState } from '../ui/Spinner';
import { fetchReceipt } from '../../lib/api/fines';
import { callErrorMessage } from '../../lib/errors';
import type { Receipt as ReceiptData } from '../../lib/schemas/fines';
import { Receipt, type ReceiptPaper } from './Receipt';

const PAPERS = [
  { value: 'a4', label: 'A4 sheet' },
  { value: 'roll', label: '80 mm receipt roll' },
];

/** `@page` cannot be an atomic class: the page box follows the chosen paper. */
const PAGE_RULES: Record<ReceiptPaper, string> = {
  a4: '@page { size: A4 portrait; margin: 15mm; }',
  roll: '@page { size: 80mm auto; margin: 4mm; }',
};

// Hidden on screen; in print the only thing shown: while the dialog is open <body> carries
// `printHost`, which hides its other children in print.
const printCopy = css({
  display: 'none',
  _print: { display: 'block', '&[data-paper=roll]': { w: '72mm' }, '&[data-paper=a4]': { w: 'full' } },
});
const printHost = css({ _print: { bg: 'white', '& > *:not([data-receipt-print])': { display: 'none !important' } } });
const paperRow = css({ mt: '4', maxW: '16rem' });

export interface ReceiptDialogProps {
  receiptNo: string;
  onClose: () => void;
}

export default function ReceiptDialog({ receiptNo, onClose }: ReceiptDialogProps) {
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paper, setPaper] = useState<ReceiptPaper>('a4');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    fetchReceipt(receiptNo)
      .then((answer) => live && setReceipt(answer))
      .catch((failure: unknown) => live && setError(callErrorMessage('fine-receipt', failure)));
    return () => {
      live = false;
    };
  }, [receiptNo, attempt]);

  useEffect(() => {
    // css() answers space-separated atomic classes.
    const classes = printHost.split(' ').filter(Boolean);
    document.body.classList.add(...classes);
    return () => document.body.classList.remove(...classes);
  }, []);

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Receipt ${receiptNo}`} size="wide">
      {error ? (
        <Alert tone="error" title="The receipt could not be loaded">
          <p>{error}</p>
          <Button variant="outline" className={css({ mt: '3' })} onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        </Alert>
      ) : receipt ? (
        <Receipt receipt={receipt} paper={paper} />
      ) : (
        <LoadingState />
      )}
      <div className={paperRow}>
        <SelectField label="Paper" options={PAPERS} value={paper} onChange={(event) => setPaper(event.target.value === 'roll' ? 'roll' : 'a4')} />
      </div>
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => window.print()} disabled={!receipt}>
          Print
        </Button>
      </div>
      {receipt &&
        createPortal(
          <div className={printCopy} data-paper={paper} data-receipt-print="">
            <style>{PAGE_RULES[paper]}</style>
            <Receipt receipt={receipt} paper={paper} />
          </div>,
          document.body,
        )}
    </Modal>
  );
}
