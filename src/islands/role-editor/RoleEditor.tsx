/**
 * settings/users/edit-role/{role_id}: a role's name (renamed unless built-in) and its
 * permissions as a checklist of every codename grouped by module, each group with a "select all"
 * box (checked, indeterminate or clear). Save sends the whole id list; leaving with unsaved
 * changes asks first.
 */
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader, Panel, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { groupPermissions } from '../../lib/permission-groups';
import { pathFor } from '#shared/routes';
import { PermissionChecklist } from './PermissionChecklist';
import { useRoleEditor } from './use-role-editor';

const groupGrid = grid({ columns: { base: 1, md: 2 }, gap: '4' });
/** The Save bar stays in view at the bottom while the checklist scrolls. */
const saveBar = css({ position: 'sticky', bottom: '0', py: '3', bg: 'bg.canvas', borderTopWidth: '1px', borderColor: 'border.default', zIndex: 1, '& [role=status]': { alignSelf: 'center', fontSize: 'sm', color: 'fg.muted', mr: 'auto' } });
const muted = css({ color: 'fg.muted' });

export default function RoleEditor() {
  const { editor, dispatch, form, dirty, save, leave, discardAndLeave } = useRoleEditor();
  const { load, role, permissions, selected, saved } = editor;
  const { formRef, bind, summary, saving } = form;
  const groups = useMemo(() => groupPermissions(permissions), [permissions]);
  const backPath = pathFor('settings-users');

  if (load.kind === 'loading') return <LoadingState text="Loading..." />;
  if (load.kind === 'not-found' || load.kind === 'error') {
    return (
      <>
        <PageHeader title="Edit Role" />
        <Alert tone={load.kind === 'error' ? 'error' : 'info'} title={load.kind === 'error' ? load.message : 'Role not found'}>
          <a href={backPath}>Back to User Management</a>
        </Alert>
      </>
    );
  }
  if (!role) return null;

  return (
    <>
      <PageHeader title={`Edit role: ${saved.name}`}>
        {selected.size} of {permissions.length} permissions selected. Users of this role get the change on their next request.
      </PageHeader>
      <form ref={formRef} onSubmit={save} noValidate className={stack}>
        {summary && <Alert tone="error">{summary}</Alert>}
        <Panel title="Name">
          <TextField label="Role name" required={!role.built_in} readOnly={role.built_in} helperText={role.built_in ? 'Built-in roles keep their name.' : undefined} {...bind('name')} />
        </Panel>
        <Panel title="Permissions" intro="Tick what this role may do. The box at the top of each group selects or clears the whole group.">
          {groups.length === 0 ? (
            <p className={muted}>The server lists no permissions.</p>
          ) : (
            <div className={groupGrid}>
              {groups.map((group) => (
                <PermissionChecklist key={group.module} group={group} selected={selected} onChange={(next) => dispatch({ type: 'select', selected: next })} disabled={saving} />
              ))}
            </div>
          )}
        </Panel>
        <div className={saveBar}>
          <div className={formActions}>
            {dirty && (
              <span role="status">
                Unsaved changes
              </span>
            )}
            <Button variant="outline" disabled={saving} onClick={() => leave(backPath)}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} loadingText="Submitting..." disabled={!dirty}>
              Save
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={editor.leaving}
        onOpenChange={(open) => !open && dispatch({ type: 'stay' })}
        title="Discard unsaved changes?"
        description="The changes to this role's name and permissions will be lost."
        confirmLabel="Discard changes"
        onConfirm={() => discardAndLeave(backPath)}
      />
    </>
  );
}
