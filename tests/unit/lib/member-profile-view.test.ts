import { describe, expect, test } from 'vitest';
import { memberProfileHeading, memberStatus } from '../../../src/lib/member-profile-view';
import type { MemberProfile } from '../../../src/lib/schemas/profiles';

const profile = (over: Partial<MemberProfile> = {}): MemberProfile => ({ id: 7, username: 'ali', first_name: 'Ali', last_name: 'Khan', ...over }) as MemberProfile;

describe('memberStatus', () => {
  test.each([
    ['pending as the member lists name it', { state: 'pending' }, ['Pending', 'neutral']],
    ['disabled as the member lists name it', { state: 'disabled' }, ['Disabled', 'neutral']],
    ['a declined registration', { is_declined: true }, ['Rejected', 'danger']],
    ['an unverified e-mail', { is_active: false, is_verified: false }, ['E-mail not verified', 'neutral']],
    ['an inactive account', { is_active: false }, ['Disabled or pending', 'neutral']],
    ['an active member', { is_active: true }, ['Active', 'success']],
  ] as const)('shows %s', (_, over, shown) => {
    expect(memberStatus(profile(over as Partial<MemberProfile>))).toEqual(shown);
  });
});

describe('memberProfileHeading', () => {
  test('the member sees his own profile, and its form while editing', () => {
    expect(memberProfileHeading(profile(), true, false)).toEqual({ title: 'Your profile', intro: 'Ali Khan · @ali', name: 'Ali Khan' });
    expect(memberProfileHeading(profile(), true, true).title).toBe('Edit your profile');
  });

  test('staff see the name, the username and the member ID', () => {
    expect(memberProfileHeading(profile({ member_id: 'M-1' }), false, false)).toEqual({ title: 'Ali Khan', intro: '@ali · Member ID M-1', name: 'Ali Khan' });
    expect(memberProfileHeading(profile({ member_id: null }), false, false).intro).toBe('@ali');
  });

  test('a member without a name is called by his username', () => {
    expect(memberProfileHeading(profile({ first_name: null, last_name: null }), false, false).title).toBe('ali');
  });
});
