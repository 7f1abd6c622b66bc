/**
 * "Override…" on a row refused for blocks: the blocks again, a reason (required, at most
 * OVERRIDE_REASON_MAX characters), then the copy is issued again with that reason. Enter in the
 * reason confirms; Esc or Cancel leaves the row as it was. A closed dialog keeps nothing.
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { OVERRIDE_REASON_MAX } from '#shared/blocks';
import { overrideReasonProblem, type SessionRow } from '../../lib/checkout-session';
import { ConfirmDialog } from '../ConfirmDialog';
import { TextField } from '../ui/TextField';

export interface OverrideDialogProps {
  row: SessionRow;
  onOverride: (reason: string) => void;
  onClose: () => void;
}

export function OverrideDialog({ row, onOverride, onClose }: OverrideDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Override the blocks"
      description={`Issue ${row.code} to this member despite:`}
      confirmLabel="Override and issue"
      tone="danger"
      submitOnEnter
      onConfirm={() => {
        const wrong = overrideReasonProblem(reason);
        setProblem(wrong ?? undefined);
        if (wrong) throw new Error(wrong);
        onOverride(reason);
      }}
    >
      <ul className={css({ pl: '4', listStyle: 'disc', fontSize: 'sm', mb: '3' })}>
        {row.blocks.map((block) => (
          <li key={block.code}>{block.reason}</li>
        ))}
      </ul>
      <TextField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} error={problem} maxLength={OVERRIDE_REASON_MAX} helperText="Recorded in the audit trail." required />
    </ConfirmDialog>
  );
}
