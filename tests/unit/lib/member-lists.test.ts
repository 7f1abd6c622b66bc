import { describe, expect, test } from 'vitest';
import {
  bulkActions,
  bulkSummary,
  memberListQuery,
  memberListSpec,
  memberListState,
  rowActions,
  type MemberAction,
  type MemberListView,
} from '../../../src/lib/member-lists';
import type { MemberState } from '#shared/member-state';
import { parseTableState, tableStateSearch } from '../../../src/lib/table-query';
import { callErrorMessage } from '../../../src/lib/errors';

type User = { role: string; permissions: string[] };
const admin: User = { role: 'SUPER USER', permissions: [] };
const changer: User = { role: 'MANAGER', permissions: ['view_members', 'change_members'] };
const deleter: User = { role: 'MANAGER', permissions: ['view_members', 'delete_members'] };
const viewer: User = { role: 'MANAGER', permissions: ['view_members'] };

describe('the actions a member row offers', () => {
  test.each<[MemberListView, MemberState, User, MemberAction[]]>([
    ['pending', 'pending', admin, ['approve', 'decline']],
    ['pending', 'pending', changer, ['approve', 'decline']],
    ['pending', 'pending', deleter, []],
    ['rejected', 'rejected', changer, ['approve']],
    ['rejected', 'rejected', viewer, []],
    ['disable', 'active', changer, ['disable']],
    ['disable', 'disabled', changer, ['enable']],
    ['disable', 'disabled', viewer, []],
    ['active', 'active', deleter, ['delete']],
    ['active', 'active', changer, []],
    ['active', 'active', admin, ['delete']],
    // A row whose state does not belong to the screen (changed meanwhile) offers nothing.
    ['pending', 'active', admin, []],
    ['rejected', 'pending', admin, []],
    ['disable', 'pending', admin, []],
  ])('%s screen, %s member, %j → %j', (view, state, user, expected) => {
    expect(rowActions(view, state, user)).toEqual(expected);
  });

  test('nobody signed in is offered nothing', () => {
    expect(rowActions('pending', 'pending', null)).toEqual([]);
  });
});

describe('bulk actions', () => {
  test.each<[MemberListView, User, MemberAction[]]>([
    ['pending', changer, ['approve', 'decline']],
    ['rejected', changer, ['approve']],
    ['active', admin, []],
    ['disable', admin, []],
    ['pending', viewer, []],
  ])('%s screen for %j → %j', (view, user, expected) => {
    expect(bulkActions(view, user)).toEqual(expected);
  });
});

describe('the one summary toast of a bulk action', () => {
  test.each([
    ['approve', 2, [], { tone: 'success', title: '2 members approved.' }],
    ['decline', 1, [], { tone: 'success', title: '1 member declined.' }],
    ['approve', 1, ['jo: This member is already active.'], { tone: 'error', title: '1 member approved; 1 could not be.', description: 'jo: This member is already active.' }],
    ['decline', 0, ['a: x', 'b: y'], { tone: 'error', title: 'No member declined: 2 could not be.', description: 'a: x' }],
  ] as const)('%s: %i succeeded, failures %j', (action, succeeded, failures, expected) => {
    expect(bulkSummary(action, succeeded, failures)).toEqual(expected);
  });
});

describe('member list URL state', () => {
  const parse = (view: MemberListView, query: string) => parseTableState(memberListSpec(view), new URLSearchParams(query));

  test('the Disable Member screen reads active members, or disabled ones with ?show=disabled', () => {
    expect(memberListState('disable', parse('disable', ''))).toBe('active');
    expect(memberListState('disable', parse('disable', 'show=disabled'))).toBe('disabled');
    expect(memberListState('disable', parse('disable', 'show=pending'))).toBe('active');
  });

  test.each<[MemberListView, MemberState]>([
    ['active', 'active'],
    ['pending', 'pending'],
    ['rejected', 'rejected'],
  ])('the %s screen always reads the %s list, whatever ?show says', (view, state) => {
    expect(memberListState(view, parse(view, 'show=disabled'))).toBe(state);
    expect(parse(view, 'show=disabled').filters.show).toBe('');
  });

  test('search, ordering and paging round-trip; unknown sort keys are dropped', () => {
    const state = parse('pending', 'search=%20ali%20&ordering=-date_joined&page=3&page_size=50');
    expect(memberListQuery(state)).toEqual({ search: 'ali', ordering: '-date_joined', page: 3, page_size: 50 });
    expect(tableStateSearch(memberListSpec('pending'), state)).toBe('?search=ali&ordering=-date_joined&page=3&page_size=50');
    expect(parse('pending', 'ordering=password').ordering).toBe('');
  });
});

describe('member call messages (CALL_ERRORS)', () => {
  const answer = (status: number, data: unknown) => ({ status, statusText: '', data });
  test.each([
    ['member-delete', answer(409, { detail: 'This member has 2 books out; return the books before deleting the account.' }), 'This member has 2 books out; return the books before deleting the account.'],
    ['member-approve', answer(409, { detail: 'This member is already active.' }), 'This member is already active.'],
    ['member-decline', answer(400, { non_field_errors: ['Nope.'] }), 'Nope.'],
    ['member-toggle', new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['member-list', answer(500, '<html/>'), 'An unknown error occurred'],
  ] as const)('%s shows the server’s reason, else the fallback', (call, error, message) => {
    expect(callErrorMessage(call, error)).toBe(message);
  });
});
