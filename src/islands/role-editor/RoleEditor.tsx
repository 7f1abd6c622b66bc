/**
 * settings/users/edit-role/{role_id}: a role's name (renamed unless built-in) and its
 * permissions as a checklist of every codename grouped by module, each group with a "select all"
 * box (checked, indeterminate or clear). Save sends the whole id list; leaving with unsaved
 * changes asks first.
 */
import { Checkbox } from '@ark-ui/react/checkbox';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader, Panel, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CheckIcon, MinusIcon } from '../../components/ui/icons';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { roleErrorMessage } from '../../lib/errors';
import { fetchPermissions, fetchRole, updateRole } from '../../lib/api/roles';
import { currentRouteParams } from '../../lib/deep-links';
import { errorStatus } from '../../lib/errors';
import { validateRoleName } from '../../lib/forms';
import { useForm } from '../../components/use-form';
import {
  groupPermissions,
  groupSelection,
  sameSelection,
  selectionPayload,
  toggleGroup,
  togglePermission,
  type PermissionGroup,
} from '../../lib/permission-groups';
import { pathFor } from '#shared/routes';
import type { PermissionDetail, Role } from '../../lib/schemas/roles';
import { NOTICES } from '../../lib/notices';

const box = css({
  w: '5',
  h: '5',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderWidth: '2px',
  borderColor: 'border.strong',
  borderRadius: 'sm',
  bg: 'bg.canvas',
  color: 'fg.onAccent',
  '&[data-state=checked], &[data-state=indeterminate]': { bg: 'accent.default', borderColor: 'accent.default' },
  '[data-focus-visible] > &': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const checkRow = css({ display: 'flex', alignItems: 'flex-start', gap: '3', py: '2', cursor: 'pointer', minH: '11', _disabled: { cursor: 'not-allowed', opacity: 0.6 } });
const codename = css({ display: 'block', fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' });
const groupGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' });

function CheckMark({ indeterminate }: { indeterminate?: boolean }) {
  const Mark = indeterminate ? MinusIcon : CheckIcon;
  return <Mark width="14" height="14" strokeWidth="3" />;
}

function PermissionCheck({ permission, checked, onToggle, disabled }: { permission: PermissionDetail; checked: boolean; onToggle: () => void; disabled: boolean }) {
  return (
    <Checkbox.Root className={checkRow} checked={checked} onCheckedChange={onToggle} disabled={disabled} value={String(permission.id)}>
      <Checkbox.Control className={box}>
        <Checkbox.Indicator>
          <CheckMark />
        </Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label>
        <span className={css({ fontSize: 'sm' })}>{permission.name || permission.codename}</span>
        <small className={codename}>{permission.codename}</small>
      </Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  );
}

function GroupChecklist({ group, selected, onChange, disabled }: { group: PermissionGroup<PermissionDetail>; selected: Set<string>; onChange: (next: Set<string>) => void; disabled: boolean }) {
  const state = groupSelection(group, selected);
  const count = group.permissions.filter((p) => selected.has(String(p.id))).length;
  return (
    <fieldset className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '4', minW: '0' })}>
      <legend className={css({ px: '1', fontWeight: 'semibold' })}>{group.module}</legend>
      <Checkbox.Root
        className={checkRow}
        checked={state === 'all' ? true : state === 'some' ? 'indeterminate' : false}
        onCheckedChange={() => onChange(toggleGroup(group, selected))}
        disabled={disabled}
      >
        <Checkbox.Control className={box}>
          <Checkbox.Indicator indeterminate={false}>
            <CheckMark />
          </Checkbox.Indicator>
          <Checkbox.Indicator indeterminate>
            <CheckMark indeterminate />
          </Checkbox.Indicator>
        </Checkbox.Control>
        <Checkbox.Label className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
          Select all {group.module} ({count}/{group.permissions.length})
        </Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>
      <div className={css({ pl: '6', borderLeftWidth: '1px', borderColor: 'border.default', ml: '2.5' })}>
        {group.permissions.map((permission) => (
          <PermissionCheck
            key={permission.id}
            permission={permission}
            checked={selected.has(String(permission.id))}
            disabled={disabled}
            onToggle={() => onChange(togglePermission(permission.id, selected))}
          />
        ))}
      </div>
    </fieldset>
  );
}

type LoadState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'not-found' } | { kind: 'error'; message: string };

export default function RoleEditor() {
  const [roleId] = useState(() => currentRouteParams().role_id ?? '');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [role, setRole] = useState<Role | null>(null);
  const [permissions, setPermissions] = useState<PermissionDetail[]>([]);
  const [saved, setSaved] = useState<{ name: string; selected: Set<string> }>({ name: '', selected: new Set() });
  const { formRef, values, bind, summary, saving, submit, reset } = useForm<{ name: string }>({ initial: { name: '' } });
  const name = values?.name ?? '';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [leaving, setLeaving] = useState(false);
  const discarding = useRef(false);

  const load = useCallback(async () => {
    if (!roleId) {
      setState({ kind: 'not-found' });
      return;
    }
    let loadedRole: Role;
    try {
      loadedRole = await fetchRole(roleId);
    } catch (failure) {
      setState(errorStatus(failure) === 404 ? { kind: 'not-found' } : { kind: 'error', message: roleErrorMessage(failure, 'fetch-role-detail') });
      return;
    }
    try {
      const all = await fetchPermissions();
      const ids = new Set((loadedRole.permissions ?? []).map(String));
      setRole(loadedRole);
      setPermissions(all);
      setSaved({ name: loadedRole.name, selected: ids });
      reset({ name: loadedRole.name });
      setSelected(ids);
      setState({ kind: 'ready' });
    } catch (failure) {
      setState({ kind: 'error', message: roleErrorMessage(failure, 'fetch-permissions') });
    }
    // The form hook's reset only dispatches, so the first render's copy stays good.
  }, [roleId]);

  useEffect(() => {
    void load();
  }, [load]);

  const groups = useMemo(() => groupPermissions(permissions), [permissions]);
  const dirty = state.kind === 'ready' && (name.trim() !== saved.name || !sameSelection(selected, saved.selected));

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!discarding.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const backPath = pathFor('settings-users');

  const save = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      // Built-in roles keep their name, so only a custom role's name is checked.
      validate: (form) => (role?.built_in ? {} : validateRoleName(form)),
      send: async (form) => {
        if (!role) return;
        const trimmed = form.name.trim();
        const body: { name?: string; permissions: (string | number)[] } = { permissions: selectionPayload(selected, permissions) };
        if (!role.built_in && trimmed !== saved.name) body.name = trimmed;
        const updated = await updateRole(role.id, body);
        const ids = new Set((updated.permissions ?? body.permissions).map(String));
        setRole(updated);
        setSaved({ name: updated.name, selected: ids });
        reset({ name: updated.name });
        setSelected(ids);
        toast.success(NOTICES.roleSaved(updated.name));
      },
      fields: ['name'],
      summary: (failure) => roleErrorMessage(failure, 'update-role'),
    });

  if (state.kind === 'loading') return <LoadingState text="Loading..." />;
  if (state.kind === 'not-found' || state.kind === 'error') {
    return (
      <>
        <PageHeader title="Edit Role" />
        <Alert tone={state.kind === 'error' ? 'error' : 'info'} title={state.kind === 'error' ? state.message : 'Role not found'}>
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
          <TextField
            label="Role name"
            required={!role.built_in}
            readOnly={role.built_in}
            helperText={role.built_in ? 'Built-in roles keep their name.' : undefined}
            {...bind('name')}
          />
        </Panel>
        <Panel title="Permissions" intro="Tick what this role may do. The box at the top of each group selects or clears the whole group.">
          {groups.length === 0 ? (
            <p className={css({ color: 'fg.muted' })}>The server lists no permissions.</p>
          ) : (
            <div className={groupGrid}>
              {groups.map((group) => (
                <GroupChecklist key={group.module} group={group} selected={selected} onChange={setSelected} disabled={saving} />
              ))}
            </div>
          )}
        </Panel>
        <div className={css({ position: 'sticky', bottom: '0', py: '3', bg: 'bg.canvas', borderTopWidth: '1px', borderColor: 'border.default', zIndex: 1 })}>
          <div className={formActions}>
            {dirty && <span className={css({ alignSelf: 'center', fontSize: 'sm', color: 'fg.muted', mr: 'auto' })} role="status">Unsaved changes</span>}
            <Button
              variant="outline"
              disabled={saving}
              onClick={() => {
                if (dirty) setLeaving(true);
                else window.location.assign(backPath);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={saving} loadingText="Submitting..." disabled={!dirty}>
              Save
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title="Discard unsaved changes?"
        description="The changes to this role's name and permissions will be lost."
        confirmLabel="Discard changes"
        onConfirm={() => {
          discarding.current = true;
          window.location.assign(backPath);
        }}
      />
    </>
  );
}
