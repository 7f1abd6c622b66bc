/** Assigning users to a role: the member picker (over every user, staff and members alike) and Assign. */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { MemberPicker } from '../../components/member-picker/MemberPicker';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { assignUsersToRole } from '../../lib/api/roles';
import { searchUsers } from '../../lib/api/users';
import { roleErrorMessage } from '../../lib/errors';
import type { PickablePerson } from '../../lib/member-picker';
import { NOTICES } from '../../lib/notices';
import type { UserBrief } from '../../lib/schemas/profiles';
import type { Role } from '../../lib/schemas/roles';

const box = flex({ direction: 'column', gap: '3', mt: '4' });
const pickRow = css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap', '& > :first-child': { flex: '1', minW: '14rem' } });

/** Role assignment offers staff and members alike (`GET /users/`). */
const searchAllUsers = (term: string): Promise<UserBrief[]> => searchUsers(term);

/** The member picker over every user, and Assign for the one picked. */
export function RoleUserPicker({ role, exclude, onAssigned }: { role: Role; exclude: ReadonlySet<string>; onAssigned: () => Promise<void> }) {
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
    <div className={box}>
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
