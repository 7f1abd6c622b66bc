/** Member calls: profiles, lists and transitions, adding members, plans. */
import { array } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { MemberProfileStruct, type MemberProfile } from '../schemas/profiles';
import { BulkUploadAnswerStruct, type BulkUploadAnswer } from '../schemas/books';
import { RegisteredMemberStruct, type RegisteredMember } from '../schemas/members';
import {
  MemberDetailStruct,
  MemberPageStruct,
  MemberToggleStruct,
  type MemberPage,
  type MemberToggle,
} from '../schemas/member-lists';
import type { MemberState } from '#shared/member-state';
import type { PlanBody } from '../membership-plans';
import { PlanStruct, type Plan } from '../schemas/plans';
import { MemberPickStruct, type MemberPick } from '../schemas/member-picker';
import { MemberDashboardStruct, type MemberDashboard } from '#shared/schemas/reports';

/** `GET /users/members/{id}/profile/`: the member himself, or staff with view_members. */
export async function fetchMemberProfile(userId: string | number): Promise<MemberProfile> {
  return parseAnswer(await http.get(`/users/members/${encodeURIComponent(String(userId))}/profile/`), MemberProfileStruct);
}

/** `GET /users/meberview/{userId}/dashboard/` (the path is the specification's spelling): the member home in one call. */
export async function fetchMemberDashboard(userId: string | number): Promise<MemberDashboard> {
  return parseAnswer(await http.get(`/users/meberview/${encodeURIComponent(String(userId))}/dashboard/`), MemberDashboardStruct);
}

/** `PATCH /users/update-profile/` as multipart: a member edits his own profile. */
export async function updateOwnMemberProfile(body: FormData): Promise<MemberProfile> {
  return parseAnswer(await http.patch('/users/update-profile/', body), MemberProfileStruct);
}

/** `PATCH /users/profile/update/` (change_members): staff edit a member's profile (`user_id` in the form). */
export async function editMemberByStaff(body: FormData): Promise<MemberProfile> {
  return parseAnswer(await http.patch('/users/profile/update/', body), MemberProfileStruct);
}

/* ---------- Adding members: staff registration, bulk upload ---------- */

/** `POST /auth/Single-Member-Register/` as multipart (the member form's body, photo included). */
export async function registerMember(body: FormData): Promise<RegisteredMember> {
  return parseAnswer(await http.post('/auth/Single-Member-Register/', body), RegisteredMemberStruct);
}

/** `POST users/bulk-upload-members/` (multipart `file`, the member template's columns). */
export async function bulkUploadMembers(file: File | Blob): Promise<BulkUploadAnswer> {
  const body = new FormData();
  body.append('file', file);
  return parseAnswer(await http.post('/users/bulk-upload-members/', body), BulkUploadAnswerStruct);
}


/* ---------- Member lists and transitions (staff) ---------- */

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

/* Membership plans (`members/plan`). */

/** `GET /members/plans/`: every plan, the default first (view_members). */
export async function fetchPlans(): Promise<Plan[]> {
  return parseAnswer(await http.get('/members/plans/'), array(PlanStruct));
}

/** `POST /members/plans/` (add_members). */
export async function createPlan(body: PlanBody): Promise<Plan> {
  return parseAnswer(await http.post('/members/plans/', body), PlanStruct);
}

/** `PATCH /members/plans/{id}/` (change_members). */
export async function updatePlan(id: string | number, body: PlanBody): Promise<Plan> {
  return parseAnswer(await http.patch(`/members/plans/${encodeURIComponent(String(id))}/`, body), PlanStruct);
}

/** `PATCH /users/profile/update/` with the plan alone (change_members): moves one member to a plan. */
export async function moveMemberToPlan(userId: string | number, planId: string | number): Promise<MemberProfile> {
  return parseAnswer(await http.patch('/users/profile/update/', { user_id: userId, plan: planId }), MemberProfileStruct);
}

/** `DELETE /members/plans/{id}/` (delete_members); 409 with a detail for the default plan or one in use. */
export async function deletePlan(id: string | number): Promise<void> {
  await http.delete(`/members/plans/${encodeURIComponent(String(id))}/`);
}

/* The member picker (circulation, reservations, role assignment). */

/** `GET /members/search/` (view_members): up to `limit` members whose name, username, member number or e-mail match, by username. */
export async function searchMembers(search: string, options: { state?: MemberState; limit?: number } = {}): Promise<MemberPick[]> {
  const params: Record<string, string> = { search };
  if (options.state) params.state = options.state;
  if (options.limit) params.limit = String(options.limit);
  return parseAnswer(await http.get('/members/search/', { params }), array(MemberPickStruct));
}
