/** User Management's calls around its flow (`src/lib/user-management.ts`): load the roles, create, rename and delete one. */
import { useCallback, useEffect, useReducer } from 'react';
import { toast } from '../../components/ui/Toaster';
import { createRole, deleteRole, fetchRoles, updateRole } from '../../lib/api/roles';
import { roleErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import { initialUserManagement, userManagementFlow } from '../../lib/user-management';
import type { Role } from '../../lib/schemas/roles';

export function useUserManagement() {
  const [screen, dispatch] = useReducer(userManagementFlow, initialUserManagement);

  const load = useCallback(async () => {
    try {
      dispatch({ type: 'loaded', roles: await fetchRoles() });
    } catch (failure) {
      dispatch({ type: 'load-failed', message: roleErrorMessage(failure, 'fetch-roles') });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const create = async (name: string) => {
    const created = await createRole({ name, permissions: [] });
    toast.success(NOTICES.roleCreated(created.name));
    await load();
    dispatch({ type: 'created', id: created.id });
  };

  const rename = async (role: Role, name: string) => {
    await updateRole(role.id, { name });
    toast.success(NOTICES.roleRenamed(name));
    await load();
  };

  /** Deletes the role; a failure shows in the dialog and keeps it open. */
  const remove = async (role: Role) => {
    try {
      await deleteRole(role.id);
    } catch (failure) {
      dispatch({ type: 'delete-failed', message: roleErrorMessage(failure, 'delete-role') });
      throw failure;
    }
    toast.success(NOTICES.roleDeleted(role.name));
    dispatch({ type: 'deleted', id: role.id });
    await load();
  };

  return { screen, dispatch, load, create, rename, remove };
}
