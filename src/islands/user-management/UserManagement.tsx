/**
 * settings/users (change_user_admin): the roles with their user counts; expand a role to see,
 * remove and assign its users; create, rename and delete roles (built-in roles cannot be deleted
 * or renamed); register a manager; links to each role's permission editor. Failures without a
 * server message show the error catalogue's fallbacks ('Error Fetching Roles', ...).
 */
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { roleErrorMessage } from '../../lib/errors';
import { RegisterManagerDialog } from './RegisterManagerDialog';
import { RoleCard } from './RoleCard';
import { RoleNameDialog } from './RoleNameDialog';
import { dialogAlert } from './styles';
import { useUserManagement } from './use-user-management';

const roleList = flex({ direction: 'column', gap: '3', listStyle: 'none', p: '0' });
const empty = css({ color: 'fg.muted' });
const spaced = css({ mt: '2' });

export default function UserManagement() {
  const { screen, dispatch, load, create, rename, remove } = useUserManagement();
  const { roles, loadError, expanded, dialog, deleteError } = screen;
  const renaming = dialog?.kind === 'rename' ? dialog.role : null;
  const deleting = dialog?.kind === 'delete' ? dialog.role : null;
  const closeOn = (open: boolean) => !open && dispatch({ type: 'close' });

  return (
    <>
      <PageHeader
        title="User Management"
        actions={
          <>
            <Button variant="outline" onClick={() => dispatch({ type: 'open', dialog: { kind: 'register' } })}>
              Register manager
            </Button>
            <Button onClick={() => dispatch({ type: 'open', dialog: { kind: 'create' } })}>Create role</Button>
          </>
        }
      >
        Roles are sets of permissions. A user holds every permission of each role he is in; changes apply on his next request.
      </PageHeader>

      {loadError && (
        <Alert tone="error" title={loadError}>
          <Button variant="outline" onClick={() => void load()} className={spaced}>
            Try again
          </Button>
        </Alert>
      )}
      {!roles && !loadError && <LoadingState text="Loading..." />}
      {roles && roles.length === 0 && <p className={empty}>No roles yet. Create the first one.</p>}
      {roles && roles.length > 0 && (
        <ul className={roleList} aria-label="Roles">
          {roles.map((role) => (
            <RoleCard
              key={String(role.id)}
              role={role}
              open={expanded === String(role.id)}
              onToggle={() => dispatch({ type: 'toggle', id: String(role.id) })}
              onRename={() => dispatch({ type: 'open', dialog: { kind: 'rename', role } })}
              onDelete={() => dispatch({ type: 'open', dialog: { kind: 'delete', role } })}
              onChanged={load}
            />
          ))}
        </ul>
      )}

      <RoleNameDialog open={dialog?.kind === 'create'} onOpenChange={closeOn} mode="create" initialName="" describeError={(failure) => roleErrorMessage(failure, 'add-role')} onSubmit={create} />
      <RoleNameDialog
        open={renaming !== null}
        onOpenChange={closeOn}
        mode="rename"
        initialName={renaming?.name ?? ''}
        describeError={(failure) => roleErrorMessage(failure, 'update-role')}
        onSubmit={async (name) => {
          if (renaming) await rename(renaming, name);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={closeOn}
        title={`Delete role ${deleting?.name ?? ''}?`}
        description="Its users lose the role's permissions on their next request. This cannot be undone."
        confirmLabel="Delete role"
        busyLabel="Deleting..."
        onConfirm={async () => {
          if (deleting) await remove(deleting);
        }}
      >
        {deleteError && (
          <Alert tone="error" className={dialogAlert}>
            {deleteError}
          </Alert>
        )}
      </ConfirmDialog>
      <RegisterManagerDialog open={dialog?.kind === 'register'} onOpenChange={closeOn} onRegistered={() => void load()} />
    </>
  );
}
