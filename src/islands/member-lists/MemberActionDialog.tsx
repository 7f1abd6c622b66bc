/**
 * The confirmation before a member transition (approve, decline, disable, enable, delete) for one
 * member or, from the bulk bar, for several. One member: the server's sentence is toasted, and a
 * refusal (a 409 naming the state, or the books and fines that block a delete) stays in the dialog.
 * Several: the calls run one after another and one summary toast says how many went through.
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert } from '../../components/ui/Alert';
import { toast } from '../../components/ui/Toaster';
import { approveMember, declineMember, deleteMember, toggleMemberActive } from '../../lib/api/members';
import { callErrorMessage, type CallName } from '../../lib/errors';
import { MEMBER_ACTION_WORDS, bulkSummary, type MemberAction } from '../../lib/member-lists';
import { displayName } from '#shared/person-name';
import type { MemberListItem } from '../../lib/schemas/member-lists';

const CALLS: Record<MemberAction, { run: (id: string | number) => Promise<string>; call: CallName }> = {
  approve: { run: approveMember, call: 'member-approve' },
  decline: { run: declineMember, call: 'member-decline' },
  disable: { run: async (id) => (await toggleMemberActive(id)).detail ?? '', call: 'member-toggle' },
  enable: { run: async (id) => (await toggleMemberActive(id)).detail ?? '', call: 'member-toggle' },
  delete: { run: deleteMember, call: 'member-delete' },
};

const names = css({ mt: '3', pl: '5', listStyleType: 'disc', fontSize: 'sm', maxH: '10rem', overflowY: 'auto' });

/** Confirms and runs `action` for `members`; `onDone` runs after any change (the list reloads). */
export function MemberActionDialog({ action, members, onClose, onDone }: { action: MemberAction; members: readonly MemberListItem[]; onClose: () => void; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const words = MEMBER_ACTION_WORDS[action];
  const { run, call } = CALLS[action];
  const single = members.length === 1 ? members[0] : undefined;

  async function confirm() {
    setError(null);
    if (single) {
      try {
        const detail = await run(single.id);
        toast.success(detail || `${displayName(single)} ${words.done}.`);
        onDone();
      } catch (failure) {
        setError(callErrorMessage(call, failure));
        throw failure;
      }
      return;
    }
    let succeeded = 0;
    const failures: string[] = [];
    for (const member of members) {
      try {
        await run(member.id);
        succeeded += 1;
      } catch (failure) {
        failures.push(`${member.username}: ${callErrorMessage(call, failure)}`);
      }
    }
    const summary = bulkSummary(action, succeeded, failures);
    if (summary.tone === 'success') toast.success(summary.title, summary.description);
    else toast.error(summary.title, summary.description);
    onDone();
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={single ? words.title : `${words.button} ${members.length} members`}
      description={single ? words.question(displayName(single)) : words.question(`these ${members.length} members`)}
      confirmLabel={words.confirm}
      busyLabel={words.busy}
      tone={words.danger ? 'danger' : 'neutral'}
      onConfirm={confirm}
    >
      {!single && (
        <ul className={names} aria-label="Selected members">
          {members.map((member) => (
            <li key={member.id}>
              {displayName(member)} (@{member.username})
            </li>
          ))}
        </ul>
      )}
      {error && (
        <div className={css({ mt: '4' })}>
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </ConfirmDialog>
  );
}
