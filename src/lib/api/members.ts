/** Member calls: a member's profile (the member himself, or staff with view_members). */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { MemberProfileStruct, type MemberProfile } from '../schemas/profiles';

/** `GET /users/members/{id}/profile/`: the member himself, or staff with view_members. */
export async function fetchMemberProfile(userId: string | number): Promise<MemberProfile> {
  return parseAnswer(await http.get(`/users/members/${encodeURIComponent(String(userId))}/profile/`), MemberProfileStruct);
}

/** `PATCH /users/update-profile/` as multipart: a member edits his own profile. */
export async function updateOwnMemberProfile(body: FormData): Promise<MemberProfile> {
  return parseAnswer(await http.patch('/users/update-profile/', body), MemberProfileStruct);
}

/* ---------- Member lists and transitions (staff) ---------- */

import {
  MemberDetailStruct,
  MemberPageStruct,
  MemberToggleStruct,
  type MemberPage,
  type MemberState,
  type MemberToggle,
} from '../schemas/member-lists';

type MemberId = string | number;
const memberSeg = (id: MemberId): string => encodeURIComponent(String(id));

/** The list call of each member state. */
export const MEMBER_LIST_PATHS: Record<MemberState, string> = {
  active: '/users/all-members/',
  pending: '/users/pending-users/',
  rejected: '/users/declined/',
  disabled: '/users/disabled-members/',
};

/** A member list's query: search, ordering and paging (empty values are left out). */
export interface MemberListQuery {
  search?: string;
  ordering?: string;
  page: number;
  page_size: number;
}

/** `GET users/all-members/` (or pending, declined, disabled) `?page=…`: one page with the total count. */
export async function fetchMemberPage(state: MemberState, query: MemberListQuery): Promise<MemberPage> {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.ordering) params.set('ordering', query.ordering);
  params.set('page', String(query.page));
  params.set('page_size', String(query.page_size));
  return parseAnswer(await http.get(MEMBER_LIST_PATHS[state], { params }), MemberPageStruct);
}

/** `POST auth/approve-user/{id}/`: pending, rejected or disabled → active; answers the detail. */
export async function approveMember(id: MemberId): Promise<string> {
  return parseAnswer(await http.post(`/auth/approve-user/${memberSeg(id)}/`), MemberDetailStruct).detail ?? 'User approved and notified via email.';
}

/** `POST /auth/decline/{id}/`: pending → rejected; answers the detail. */
export async function declineMember(id: MemberId): Promise<string> {
  return parseAnswer(await http.post(`/auth/decline/${memberSeg(id)}/`), MemberDetailStruct).detail ?? 'User has been declined and notified via email.';
}

/** `POST /users/member/{id}/disable_enable/`: active ↔ disabled; answers the detail and `is_active`. */
export async function toggleMemberActive(id: MemberId): Promise<MemberToggle> {
  return parseAnswer(await http.post(`/users/member/${memberSeg(id)}/disable_enable/`), MemberToggleStruct);
}

/** `DELETE users/delete/{id}/`: refused (409 with the reason) while books are out or fines owed. */
export async function deleteMember(id: MemberId): Promise<string> {
  return parseAnswer(await http.delete(`/users/delete/${memberSeg(id)}/`), MemberDetailStruct).detail ?? 'User deleted.';
}
