/** The users of one role, with Remove for each and the member picker (over every user) to assign more. */
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MemberPicker } from '../../components/member-picker/MemberPicker';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/Toaster';
import { roleErrorMessage } from '../../lib/errors';
import { searchUsers } from '../../lib/api/users';
import { assignUsersToRole, fetchRoleUsers, removeUsersFromRole } from '../../lib/api/roles';
import { personLabel, type PickablePerson } from '../../lib/member-picker';
import type { UserBrief } from '../../lib/schemas/profiles';
import type { Role } from '../../lib/schemas/roles';
import { NOTICES } from '../../lib/notices';

const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'md',
  bg: 'bg.muted',
  fontSize: 'sm',
});
const pickRow = css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap', '& > :first-child': { flex: '1', minW: '14rem' } });
const who = css({ display: 'flex', flexDirection: 'column', minW: '0', '& span': { overflow: 'hidden', textOverflow: 'ellipsis' } });

/** Role assignment offers staff and members alike (`GET /users/`). */
const searchAllUsers = (term: string): Promise<UserBrief[]> => searchUsers(term);

function UserPicker({ role, exclude, onAssigned }: { role: Role; exclude: ReadonlySet<string>; onAssigned: () => Promise<void> }) {
  const [picked, setPicked] = useState<PickablePerson | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);

  async function assign() {
    if (!picked) return;
    setBusy(true);
    setError(null);
    try {
      await assignUsersToRole(role.id, [picked.id]);
      toast.success(NOTICES.addedToRole(picked.username, role.name));
      setPicked(null);
      // A fresh picker: the assigned user is no longer on offer and the box is empty again.
      setPickerKey((key) => key + 1);
      await onAssigned();
    } catch (failure) {
      setError(roleErrorMessage(failure, 'assign-role'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '4' })}>
      <div className={pickRow}>
        <MemberPicker
          key={pickerKey}
          label={`Assign users to ${role.name}`}
          placeholder="Search by name, username or e-mail"
          search={searchAllUsers}
          exclude={exclude}
          noun="users"
          errorCall="fetch-role-users"
          disabled={busy}
          onPick={(person) => {
            setPicked(person);
            setError(null);
          }}
        />
        <Button onClick={() => void assign()} disabled={!picked} loading={busy} loadingText="Assigning..." aria-label={picked ? `Assign ${picked.username} to ${role.name}` : `Assign the chosen user to ${role.name}`}>
          Assign
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

/** The expanded body of a role: its users, removal and assignment. */
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
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>No users have this role yet.</p>
      ) : (
        <ul className={list} aria-label={`Users with role ${role.name}`}>
          {users.map((user) => (
            <li key={user.id} className={row}>
              <div className={who}>
                <span className={css({ fontWeight: 'medium' })}>{personLabel(user)}</span>
                <span className={css({ color: 'fg.muted' })}>{[user.role, user.email].filter(Boolean).join(' · ')}</span>
              </div>
              <Button variant="ghost" onClick={() => setRemoving(user)} aria-label={`Remove ${user.username} from ${role.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <UserPicker role={role} exclude={assigned} onAssigned={refresh} />
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
        {removeError && <Alert tone="error" className={css({ mt: '4' })}>{removeError}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
