/** Closing a session, asked first: no more scans are taken and the report is drawn. */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert } from '../../components/ui/Alert';
import { toast } from '../../components/ui/Toaster';
import { closeStockSession } from '../../lib/api/stock-verification';
import { NOTICES } from '../../lib/notices';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { STOCK_MESSAGES, stockErrorMessage } from '../../lib/stock-verification';

export interface CloseSessionDialogProps {
  session: StockSession;
  /** Scans still waiting for an answer (they would be lost). */
  waiting: number;
  onCancel: () => void;
  onClosed: (session: StockSession) => void;
}

export function CloseSessionDialog({ session, waiting, onCancel, onClosed }: CloseSessionDialogProps) {
  const [error, setError] = useState<string | null>(null);

  async function close() {
    try {
      const closed = await closeStockSession(session.id);
      toast.success(NOTICES.stockSessionClosed(closed.name));
      onClosed(closed);
    } catch (failure) {
      setError(stockErrorMessage(failure, STOCK_MESSAGES.closeFailed));
      throw failure;
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={`Close “${session.name}”?`}
      description="No more scans are taken once it is closed. The report then lists what was not seen, what was seen but should be away, and what was not expected."
      confirmLabel="Close verification"
      busyLabel="Closing..."
      tone="neutral"
      onConfirm={close}
    >
      {waiting > 0 && <Alert tone="error">{`${waiting} ${waiting === 1 ? 'scan is' : 'scans are'} still waiting for an answer. Wait for them before closing.`}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
    </ConfirmDialog>
  );
}
