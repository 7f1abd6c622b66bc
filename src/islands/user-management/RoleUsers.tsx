/** The users of one role, with Remove for each and a search picker to assign more. */
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { roleErrorMessage } from '../../lib/errors';
import { searchUsers } from '../../lib/api/users';
import { assignUsersToRole, fetchRoleUsers, removeUsersFromRole } from '../../lib/api/roles';
import type { UserBrief } from '../../lib/schemas/profiles';
import type { Role } from '../../lib/schemas/roles';

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
const who = css({ display: 'flex', flexDirection: 'column', minW: '0', '& span': { overflow: 'hidden', textOverflow: 'ellipsis' } });

/** "Ada Lovelace (ada)" or just the username. */
export const userLabel = (user: UserBrief): string => {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return name ? `${name} (${user.username})` : user.username;
};

function UserPicker({ role, exclude, onAssigned }: { role: Role; exclude: ReadonlySet<string>; onAssigned: () => Promise<void> }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<UserBrief[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setResults(null);
      return;
    }
    const ticket = ++latest.current;
    setSearching(true);
    const timer = window.setTimeout(() => {
      searchUsers(text)
        .then((found) => {
          if (ticket === latest.current) setResults(found);
        })
        .catch((failure: unknown) => {
          if (ticket === latest.current) setError(roleErrorMessage(failure, 'fetch-role-users'));
        })
        .finally(() => {
          if (ticket === latest.current) setSearching(false);
        });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [query]);

  async function assign(user: UserBrief) {
    setBusyId(String(user.id));
    setError(null);
    try {
      await assignUsersToRole(role.id, [user.id]);
      toast.success(`${user.username} added to ${role.name}`);
      await onAssigned();
    } catch (failure) {
      setError(roleErrorMessage(failure, 'assign-role'));
    } finally {
      setBusyId(null);
    }
  }

  const candidates = results?.filter((user) => !exclude.has(String(user.id))) ?? null;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '4' })}>
      <TextField
        label={`Assign users to ${role.name}`}
        type="search"
        placeholder="Search by name, username or e-mail"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setError(null);
        }}
        autoComplete="off"
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {searching ? 'Searching...' : candidates && candidates.length === 0 ? 'No users match that search.' : null}
      </div>
      {candidates && candidates.length > 0 && (
        <ul className={list} aria-label="Search results">
          {candidates.map((user) => (
            <li key={user.id} className={row}>
              <div className={who}>
                <span className={css({ fontWeight: 'medium' })}>{userLabel(user)}</span>
                <span className={css({ color: 'fg.muted' })}>{[user.role, user.email].filter(Boolean).join(' · ')}</span>
              </div>
              <Button variant="outline" onClick={() => assign(user)} loading={busyId === String(user.id)} loadingText="Assigning..." aria-label={`Assign ${user.username} to ${role.name}`}>
                Assign
              </Button>
            </li>
          ))}
        </ul>
      )}
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
      toast.success(`${removing.username} removed from ${role.name}`);
      await refresh();
    } catch (failure) {
      setRemoveError(roleErrorMessage(failure, 'remove-role'));
      throw failure;
    }
  }

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
                <span className={css({ fontWeight: 'medium' })}>{userLabel(user)}</span>
                <span className={css({ color: 'fg.muted' })}>{[user.role, user.email].filter(Boolean).join(' · ')}</span>
              </div>
              <Button variant="ghost" onClick={() => setRemoving(user)} aria-label={`Remove ${user.username} from ${role.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <UserPicker role={role} exclude={new Set(users.map((user) => String(user.id)))} onAssigned={refresh} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            setRemoveError(null);
          }
        }}
        title="Remove user from role?"
        description={removing ? `${userLabel(removing)} loses the permissions of ${role.name} on their next request.` : undefined}
        confirmLabel="Yes, remove"
        busyLabel="Removing..."
        onConfirm={remove}
      >
        {removeError && <Alert tone="error" className={css({ mt: '4' })}>{removeError}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
