/**
 * Marking the unseen copies missing: one explicit action, asked first in red. Every copy expected
 * on the shelf, not seen and still available becomes missing (a copy scanned later becomes
 * available again).
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert } from '../../components/ui/Alert';
import { toast } from '../../components/ui/Toaster';
import { markStockMissing } from '../../lib/api/stock-verification';
import { NOTICES } from '../../lib/notices';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { STOCK_MESSAGES, markMissingLabel, missingCandidates, stockErrorMessage } from '../../lib/stock-verification';

export function MarkMissingDialog({ session, onCancel, onMarked }: { session: StockSession; onCancel: () => void; onMarked: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const n = missingCandidates(session.counts);

  async function mark() {
    try {
      const answer = await markStockMissing(session.id);
      toast.success(NOTICES.copiesMarkedMissing(answer.marked));
      onMarked();
    } catch (failure) {
      setError(stockErrorMessage(failure, STOCK_MESSAGES.markFailed));
      throw failure;
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={`${markMissingLabel(n)}?`}
      description={`The copies of “${session.name}” expected on the shelf and not seen become missing; they leave the titles’ counts until found. Copies lent or held since are left as they are. This is done once and recorded in the audit trail.`}
      confirmLabel={markMissingLabel(n)}
      busyLabel="Marking..."
      onConfirm={mark}
    >
      {error && <Alert tone="error">{error}</Alert>}
    </ConfirmDialog>
  );
}
