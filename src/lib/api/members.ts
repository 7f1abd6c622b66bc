/** Member calls: a member's profile (the member himself, or staff with view_members). */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { MemberProfileStruct, type MemberProfile } from '../schemas/profiles';
import { array } from 'superstruct';
import { BulkUploadAnswerStruct, type BulkUploadAnswer } from '../schemas/books';
import { PlanStruct, RegisteredMemberStruct, type Plan, type RegisteredMember } from '../schemas/members';

/** `GET /users/members/{id}/profile/`: the member himself, or staff with view_members. */
export async function fetchMemberProfile(userId: string | number): Promise<MemberProfile> {
  return parseAnswer(await http.get(`/users/members/${encodeURIComponent(String(userId))}/profile/`), MemberProfileStruct);
}

/** `PATCH /users/update-profile/` as multipart: a member edits his own profile. */
export async function updateOwnMemberProfile(body: FormData): Promise<MemberProfile> {
  return parseAnswer(await http.patch('/users/update-profile/', body), MemberProfileStruct);
}

/* ---------- Adding members: staff registration, bulk upload, the plans a new member can be on ---------- */

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

/** `GET /members/plans/`: every plan, the default first. */
export async function fetchMembershipPlans(): Promise<Plan[]> {
  return parseAnswer(await http.get('/members/plans/'), array(PlanStruct));
}
