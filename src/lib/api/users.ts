/** User calls. */
import { array } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { PermissionStruct, type Permission } from '../schemas/auth';

/** `GET /users/{id}/permissions/`: the permissions a user holds (every one for SUPER USER). */
export async function fetchUserPermissions(userId: string | number): Promise<Permission[]> {
  return parseAnswer(await http.get(`/users/${encodeURIComponent(String(userId))}/permissions/`), array(PermissionStruct));
}
