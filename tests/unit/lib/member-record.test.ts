import { describe, expect, test } from 'vitest';
import { NOTHING_TO_RENEW, cardHrefFor, issueHrefFor, recordActionRights, recordRenewal } from '../../../src/lib/member-record';
import type { DeskPanel } from '../../../src/lib/schemas/desk';

const holding = (codes: string[]) => (code: string) => codes.includes(code);
const opening = (ids: string[]) => (id: string) => ids.includes(id);

describe('the actions on a member record', () => {
  test.each([
    ['a super user', ['add_bookissuance', 'change_bookreservation', 'change_members', 'view_bookissuance'], ['book-issue', 'member-cards'], { issue: true, hold: true, renew: true, edit: true, card: true }],
    ['the front desk', ['add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'], ['book-issue', 'member-cards'], { issue: true, hold: false, renew: false, edit: false, card: true }],
    ['a members clerk who reads no loans', ['view_members', 'change_members'], ['member-cards'], { issue: false, hold: false, renew: false, edit: true, card: true }],
    ['a reader of members alone', ['view_members'], [], { issue: false, hold: false, renew: false, edit: false, card: false }],
  ])('%s sees only what the server lets him do', (_who, codes, routes, expected) => {
    expect(recordActionRights(holding(codes), opening(routes))).toEqual(expected);
  });

  test('Issue opens the checkout session on him; Print card previews his card', () => {
    expect(issueHrefFor(42)).toBe('/dashboard/books/issue?dialog=checkout&member=42');
    expect(cardHrefFor('7')).toBe('/dashboard/members/cards?member=7');
  });
});

describe('the renewal the record offers', () => {
  const member = (plan: DeskPanel['member']['plan'], expires: string | null) =>
    ({ member: { id: 1, username: 'sara', state: 'active', plan, membership_expires: expires } }) as Pick<DeskPanel, 'member'>;
  const plan = { id: 1, name: 'Student', loan_limit: 3, loan_period_days: 14, fine_per_day: '5.00', fee: '100.00', validity_months: 12 };

  test('a running membership is extended by the plan from the day after it ends, with its fee', () => {
    const answer = recordRenewal(member(plan, '2026-12-31'), '2026-11-28', true, 'DD/MM/YYYY');
    expect(answer).toMatchObject({ offer: { newExpires: '2027-12-31', collectable: true } });
  });

  test('a member never approved has nothing to renew, said in words', () => {
    expect(recordRenewal(member(plan, null), '2026-11-28', true)).toEqual({ problem: NOTHING_TO_RENEW });
    expect(recordRenewal(member(null, '2026-12-31'), '2026-11-28', true)).toEqual({ problem: NOTHING_TO_RENEW });
  });
});

describe('what staff send when they edit a member', () => {
  test('his fields and plan, named by user_id, never his e-mail or a password', async () => {
    const { staffEditFields } = await import('../../../src/lib/member-record');
    expect(staffEditFields('9', { first_name: 'Sara', email: 'sara@example.org', current_password: 'x', plan: '2' })).toEqual({ user_id: '9', first_name: 'Sara', plan: '2' });
  });
});
