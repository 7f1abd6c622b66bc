/** What a member's profile page says of him: his status badge and the page's heading. */
import { fullName } from '#shared/person-name';
import { MEMBER_STATE_TEXT } from '#shared/member-state';
import type { MemberProfile } from './schemas/profiles';

/** The status text and its badge tone: the member lists' state when the server gives it, else the account flags. */
export function memberStatus(p: MemberProfile): [string, 'success' | 'danger' | 'neutral'] {
  if (p.state === 'pending' || p.state === 'disabled') return [MEMBER_STATE_TEXT[p.state], 'neutral'];
  if (p.is_declined) return ['Rejected', 'danger'];
  if (p.is_active === false) return [p.is_verified === false ? 'E-mail not verified' : 'Disabled or pending', 'neutral'];
  return ['Active', 'success'];
}

/** The page heading: the member's own ("Your profile", "Edit your profile") or, for staff, his name with username and member ID. */
export function memberProfileHeading(profile: MemberProfile, isOwn: boolean, editing: boolean): { title: string; intro: string; name: string } {
  const name = fullName([profile.first_name, profile.middle_name, profile.last_name]) || profile.username;
  if (isOwn) return { title: editing ? 'Edit your profile' : 'Your profile', intro: `${name} · @${profile.username}`, name };
  return { title: name, intro: `@${profile.username}${profile.member_id ? ` · Member ID ${profile.member_id}` : ''}`, name };
}
