/** Member calls: a member's profile (the member himself, or staff with view_members). */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { MemberProfileStruct, type MemberProfile } from '../schemas/profiles';
import { array } from 'superstruct';
import type { PlanBody } from '../membership-plans';
import { PlanStruct, type Plan } from '../schemas/plans';
import { MemberPickStruct, type MemberPick } from '../schemas/member-picker';

/** `GET /users/members/{id}/profile/`: the member himself, or staff with view_members. */
export async function fetchMemberProfile(userId: string | number): Promise<MemberProfile> {
  return parseAnswer(await http.get(`/users/members/${encodeURIComponent(String(userId))}/profile/`), MemberProfileStruct);
}

/** `PATCH /users/update-profile/` as multipart: a member edits his own profile. */
export async function updateOwnMemberProfile(body: FormData): Promise<MemberProfile> {
  return parseAnswer(await http.patch('/users/update-profile/', body), MemberProfileStruct);
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
export async function searchMembers(search: string, options: { state?: 'active' | 'pending' | 'rejected' | 'disabled'; limit?: number } = {}): Promise<MemberPick[]> {
  const params: Record<string, string> = { search };
  if (options.state) params.state = options.state;
  if (options.limit) params.limit = String(options.limit);
  return parseAnswer(await http.get('/members/search/', { params }), array(MemberPickStruct));
}
