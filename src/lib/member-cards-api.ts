/**
 * The Member Cards screen's calls: the members of a choice through the existing member calls (a
 * picked member's profile, `GET /users/members/{id}/profile/`; the active member list,
 * `GET users/all-members/`, for a department or the newest members).
 */
import { fetchMemberPage, fetchMemberProfile } from './api/members';
import { collectMembers, type CardMember, type CardsState } from './member-cards';

/** The members to print cards for, at most MAX_CARDS. */
export function fetchCardMembers(state: CardsState, timeZone: string): Promise<{ members: CardMember[]; truncated: boolean }> {
  return collectMembers(state, {
    readPage: (query) => fetchMemberPage('active', query),
    readProfile: async (id) => ({ ...(await fetchMemberProfile(id)), id }),
    timeZone,
  });
}
