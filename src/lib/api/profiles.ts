/** Profile calls (docs/API.md): staff profiles by role, member profiles, the user search. */
import { array } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import {
  MemberProfileStruct,
  StaffProfileStruct,
  UserBriefStruct,
  type MemberProfile,
  type StaffProfile,
  type UserBrief,
} from '../schemas/profiles';

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

/** `GET /users/members/{id}/profile/`: the member himself, or staff with view_members. */
export async function fetchMemberProfile(userId: string | number): Promise<MemberProfile> {
  return parseAnswer(await http.get(`/users/members/${encodeURIComponent(String(userId))}/profile/`), MemberProfileStruct);
}

/** `PATCH /users/update-profile/` as multipart: a member edits his own profile. */
export async function updateOwnMemberProfile(body: FormData): Promise<MemberProfile> {
  return parseAnswer(await http.patch('/users/update-profile/', body), MemberProfileStruct);
}

/** `GET /users/?search=`: staff and members (up to 50) for pickers. */
export async function searchUsers(search: string, role?: string): Promise<UserBrief[]> {
  const params: Record<string, string> = { search };
  if (role) params.role = role;
  return parseAnswer(await http.get('/users/', { params }), array(UserBriefStruct));
}
