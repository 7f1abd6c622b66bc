/** User calls: a user's permissions, the staff's own profiles, the user search. */
import { array } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { PermissionStruct, type Permission } from '../schemas/auth';
import { StaffProfileStruct, UserBriefStruct, type StaffProfile, type UserBrief } from '../schemas/profiles';
import { InvitationStruct, type Invitation } from '../schemas/invitations';

/** `POST /users/invitations/` with a role (change_user_admin): mails a staff invitation to register in that role. */
export async function inviteStaff(body: { email: string; role: number }): Promise<Invitation> {
  return parseAnswer(await http.post('/users/invitations/', body), InvitationStruct);
}

/** `GET /users/{id}/permissions/`: the permissions a user holds (every one for SUPER USER). */
export async function fetchUserPermissions(userId: string | number): Promise<Permission[]> {
  return parseAnswer(await http.get(`/users/${encodeURIComponent(String(userId))}/permissions/`), array(PermissionStruct));
}

/** The staff profile path of a role: SUPER USER and MANAGER each edit their own at its own path. */
export function staffProfilePath(role: string | null | undefined): string {
  return role === 'MANAGER' ? '/users/update-manager-profile/' : '/users/admin/profile/';
}

/** `GET /users/admin/profile/` or `/users/update-manager-profile/`. */
export async function fetchStaffProfile(role: string | null | undefined): Promise<StaffProfile> {
  return parseAnswer(await http.get(staffProfilePath(role)), StaffProfileStruct);
}

/** `PATCH` the staff profile as multipart (profile fields, or the three password fields). */
export async function updateStaffProfile(role: string | null | undefined, body: FormData): Promise<StaffProfile> {
  return parseAnswer(await http.patch(staffProfilePath(role), body), StaffProfileStruct);
}

/** `GET /users/?search=`: staff and members (up to 50) for pickers. */
export async function searchUsers(search: string, role?: string): Promise<UserBrief[]> {
  const params: Record<string, string> = { search };
  if (role) params.role = role;
  return parseAnswer(await http.get('/users/', { params }), array(UserBriefStruct));
}
