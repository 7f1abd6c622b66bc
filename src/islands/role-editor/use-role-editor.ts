/**
 * The role editor's calls around its flow (`src/lib/role-editor.ts`): load the role, then every
 * permission; Save sends the whole selection; the browser warns before unloading with unsaved
 * changes unless the user chose to discard them.
 */
import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { fetchPermissions, fetchRole, updateRole } from '../../lib/api/roles';
import { currentRouteParams } from '../../lib/deep-links';
import { roleErrorMessage } from '../../lib/errors';
import { validateRoleName } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';
import { initialRoleEditor, roleEditorFlow, roleIsDirty, roleLoadFailure, roleSaveBody } from '../../lib/role-editor';
import type { Role } from '../../lib/schemas/roles';

export function useRoleEditor() {
  const [roleId] = useState(() => currentRouteParams().role_id ?? '');
  const [editor, dispatch] = useReducer(roleEditorFlow, initialRoleEditor);
  const form = useForm<{ name: string }>({ initial: { name: '' } });
  const discarding = useRef(false);

  const load = useCallback(async () => {
    if (!roleId) return dispatch({ type: 'failed', load: { kind: 'not-found' } });
    let role: Role;
    try {
      role = await fetchRole(roleId);
    } catch (failure) {
      return dispatch({ type: 'failed', load: roleLoadFailure(failure, 'fetch-role-detail') });
    }
    try {
      const permissions = await fetchPermissions();
      dispatch({ type: 'loaded', role, permissions });
      form.reset({ name: role.name });
    } catch (failure) {
      dispatch({ type: 'failed', load: roleLoadFailure(failure, 'fetch-permissions') });
    }
    // The form hook's reset only dispatches, so the first render's copy stays good.
  }, [roleId]);

  useEffect(() => {
    void load();
  }, [load]);

  const dirty = roleIsDirty(editor, form.values?.name ?? '');

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!discarding.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      // Built-in roles keep their name, so only a custom role's name is checked.
      validate: (values) => (editor.role?.built_in ? {} : validateRoleName(values)),
      send: async (values) => {
        if (!editor.role) return;
        const updated = await updateRole(editor.role.id, roleSaveBody(editor.role, values.name, editor.saved.name, editor.selected, editor.permissions));
        dispatch({ type: 'saved', role: updated });
        form.reset({ name: updated.name });
        toast.success(NOTICES.roleSaved(updated.name));
      },
      fields: ['name'],
      summary: (failure) => roleErrorMessage(failure, 'update-role'),
    });

  /** Leave for `path`, after the discard question when there are unsaved changes. */
  const leave = (path: string) => (dirty ? dispatch({ type: 'ask-leave' }) : window.location.assign(path));
  const discardAndLeave = (path: string) => {
    discarding.current = true;
    window.location.assign(path);
  };

  return { editor, dispatch, form, dirty, save, leave, discardAndLeave };
}
