/**
 * settings/users (change_user_admin): the roles with their user counts; expand a role to see,
 * remove and assign its users; create, rename and delete roles (built-in roles cannot be deleted
 * or renamed); register a manager; links to each role's permission editor. Failures without a
 * server message show the error catalogue's fallbacks ('Error Fetching Roles', ...).
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { badge, button } from 'styled-system/recipes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ChevronRightIcon } from '../../components/ui/icons';
import { LoadingState } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/Toaster';
import { roleErrorMessage } from '../../lib/errors';
import { createRole, deleteRole, fetchRoles, updateRole } from '../../lib/api/roles';
import { pathFor } from '#shared/routes';
import type { Role } from '../../lib/schemas/roles';
import { RegisterManagerDialog } from './RegisterManagerDialog';
import { RoleNameDialog } from './RoleNameDialog';
import { RoleUsers } from './RoleUsers';
import { NOTICES } from '../../lib/notices';

const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', overflow: 'hidden' });
const head = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', p: { base: '3', md: '4' } });
const toggle = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '3',
  rowGap: '1',
  flex: '1',
  minW: '12rem',
  minH: '11',
  textAlign: 'left',
  cursor: 'pointer',
  borderRadius: 'md',
  px: '2',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
});
const chevron = css({ transition: 'transform 0.15s', '[aria-expanded=true] > &': { transform: 'rotate(90deg)' } });
const pill = badge();
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });

const countText = (count: number | undefined) => (count === undefined ? '' : count === 1 ? '1 user' : `${count} users`);

export default function UserManagement() {
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);

  const load = useCallback(async () => {
    try {
      setRoles(await fetchRoles());
      setLoadError(null);
    } catch (failure) {
      setLoadError(roleErrorMessage(failure, 'fetch-roles'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function removeRole() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await deleteRole(deleting.id);
      toast.success(NOTICES.roleDeleted(deleting.name));
      if (expanded === String(deleting.id)) setExpanded(null);
      await load();
    } catch (failure) {
      setDeleteError(roleErrorMessage(failure, 'delete-role'));
      throw failure;
    }
  }

  return (
    <>
      <PageHeader
        title="User Management"
        actions={
          <>
            <Button variant="outline" onClick={() => setRegistering(true)}>
              Register manager
            </Button>
            <Button onClick={() => setCreating(true)}>Create role</Button>
          </>
        }
      >
        Roles are sets of permissions. A user holds every permission of each role he is in; changes apply on his next request.
      </PageHeader>

      {loadError && (
        <Alert tone="error" title={loadError}>
          <Button variant="outline" onClick={() => void load()} className={css({ mt: '2' })}>
            Try again
          </Button>
        </Alert>
      )}
      {!roles && !loadError && <LoadingState text="Loading..." />}
      {roles && roles.length === 0 && <p className={css({ color: 'fg.muted' })}>No roles yet. Create the first one.</p>}
      {roles && roles.length > 0 && (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0' })} aria-label="Roles">
          {roles.map((role) => {
            const id = String(role.id);
            const open = expanded === id;
            const panelId = `role-${id}-users`;
            return (
              <li key={id} className={card}>
                <div className={head}>
                  <button type="button" className={toggle} aria-expanded={open} aria-controls={panelId} onClick={() => setExpanded(open ? null : id)}>
                    <ChevronRightIcon width="18" height="18" className={chevron} />
                    <span className={css({ fontWeight: 'semibold', overflowWrap: 'break-word', minW: '0' })}>{role.name}</span>
                    {role.built_in && <span className={pill}>Built-in</span>}
                    <span className={pill}>{countText(role.user_count)}</span>
                  </button>
                  <div className={actions}>
                    <a className={button({ variant: 'outline' })} href={pathFor('settings-edit-role', { role_id: id })} aria-label={`Edit permissions of ${role.name}`}>
                      Permissions
                    </a>
                    {!role.built_in && (
                      <>
                        <Button variant="ghost" onClick={() => setRenaming(role)} aria-label={`Rename ${role.name}`}>
                          Rename
                        </Button>
                        <Button variant="ghost" className={css({ color: 'danger.fg' })} onClick={() => setDeleting(role)} aria-label={`Delete ${role.name}`}>
                          Delete
                        </Button>
                      </>
                    )}
                  </div>
                </div>
                {open && (
                  <div id={panelId} role="region" aria-label={`Users with role ${role.name}`} className={css({ borderTopWidth: '1px', borderColor: 'border.default', p: { base: '3', md: '4' } })}>
                    <RoleUsers role={role} onChanged={load} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <RoleNameDialog
        open={creating}
        onOpenChange={setCreating}
        mode="create"
        initialName=""
        describeError={(failure) => roleErrorMessage(failure, 'add-role')}
        onSubmit={async (name) => {
          const created = await createRole({ name, permissions: [] });
          toast.success(NOTICES.roleCreated(created.name));
          await load();
          setExpanded(String(created.id));
        }}
      />
      <RoleNameDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        mode="rename"
        initialName={renaming?.name ?? ''}
        describeError={(failure) => roleErrorMessage(failure, 'update-role')}
        onSubmit={async (name) => {
          if (!renaming) return;
          await updateRole(renaming.id, { name });
          toast.success(NOTICES.roleRenamed(name));
          await load();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            setDeleteError(null);
          }
        }}
        title={`Delete role ${deleting?.name ?? ''}?`}
        description="Its users lose the role's permissions on their next request. This cannot be undone."
        confirmLabel="Delete role"
        busyLabel="Deleting..."
        onConfirm={removeRole}
      >
        {deleteError && <Alert tone="error" className={css({ mt: '4' })}>{deleteError}</Alert>}
      </ConfirmDialog>
      <RegisterManagerDialog open={registering} onOpenChange={setRegistering} onRegistered={() => void load()} />
    </>
  );
}
