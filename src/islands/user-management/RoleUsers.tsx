/** The users of one role, with Remove for each and the member picker (over every user) to assign more. */
import { useEffect, useMemo, useState } from 'react';
import { sva } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/Toaster';
import { roleErrorMessage } from '../../lib/errors';
import { fetchRoleUsers, removeUsersFromRole } from '../../lib/api/roles';
import { personLabel } from '../../lib/member-picker';
import type { UserBrief } from '../../lib/schemas/profiles';
import type { Role } from '../../lib/schemas/roles';
import { NOTICES } from '../../lib/notices';
import { RoleUserPicker } from './RoleUserPicker';
import { dialogAlert, muted } from './styles';

/** A role's users: each a muted row with the person over his role and e-mail, and Remove. */
const look = sva({
  slots: ['list', 'row', 'who', 'name', 'facts'],
  base: {
    list: { display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' },
    row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', px: '3', py: '2', borderRadius: 'md', bg: 'bg.muted', fontSize: 'sm' },
    who: { display: 'flex', flexDirection: 'column', minW: '0', '& span': { overflow: 'hidden', textOverflow: 'ellipsis' } },
    name: { fontWeight: 'medium' },
    facts: { color: 'fg.muted' },
  },
})();

export function RoleUsers({ role, onChanged }: { role: Role; onChanged: () => Promise<void> }) {
  const [users, setUsers] = useState<UserBrief[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<UserBrief | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  async function load() {
    try {
      setUsers(await fetchRoleUsers(role.id));
      setError(null);
    } catch (failure) {
      setError(roleErrorMessage(failure, 'fetch-role-users'));
    }
  }

  useEffect(() => {
    void load();
  }, [role.id]);

  async function refresh() {
    await Promise.all([load(), onChanged()]);
  }

  async function remove() {
    if (!removing) return;
    setRemoveError(null);
    try {
      await removeUsersFromRole(role.id, [removing.id]);
      toast.success(NOTICES.removedFromRole(removing.username, role.name));
      await refresh();
    } catch (failure) {
      setRemoveError(roleErrorMessage(failure, 'remove-role'));
      throw failure;
    }
  }

  // One set per list of users, so the picker keeps its highlighted option between renders.
  const assigned = useMemo(() => new Set((users ?? []).map((user) => String(user.id))), [users]);

  if (error) return <Alert tone="error">{error}</Alert>;
  if (!users) return <LoadingState text="Loading..." />;

  return (
    <div>
      {users.length === 0 ? (
        <p className={muted}>No users have this role yet.</p>
      ) : (
        <ul className={look.list} aria-label={`Users with role ${role.name}`}>
          {users.map((user) => (
            <li key={user.id} className={look.row}>
              <div className={look.who}>
                <span className={look.name}>{personLabel(user)}</span>
                <span className={look.facts}>{[user.role, user.email].filter(Boolean).join(' · ')}</span>
              </div>
              <Button variant="ghost" onClick={() => setRemoving(user)} aria-label={`Remove ${user.username} from ${role.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RoleUserPicker role={role} exclude={assigned} onAssigned={refresh} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            setRemoveError(null);
          }
        }}
        title="Remove user from role?"
        description={removing ? `${personLabel(removing)} loses the permissions of ${role.name} on their next request.` : undefined}
        confirmLabel="Yes, remove"
        busyLabel="Removing..."
        onConfirm={remove}
      >
        {removeError && <Alert tone="error" className={dialogAlert}>{removeError}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
