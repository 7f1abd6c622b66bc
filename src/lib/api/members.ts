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
