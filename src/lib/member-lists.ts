/**
 * The staff member lists (Member List, Pending Approvals, Rejected Approvals, Disable Member): which
 * server list each screen reads, what its URL keeps, which actions a row and the bulk bar offer for
 * the member's state and the user's permissions, the confirmations' words and the bulk summary.
 * The server decides and enforces every transition; these rules only choose what to offer.
 */
import type { MemberListQuery } from './api/members';
import { holdsPermission } from './permissions';
import type { MemberState } from '#shared/member-state';
import { choiceFilter, type TableSpec, type TableState } from './table-query';

/** The four screens: members/add, members/pending, members/rejected, members/disable. */
export type MemberListView = 'active' | 'pending' | 'rejected' | 'disable';

/** Columns the member lists sort by (the server's `ordering` names). */
export const MEMBER_SORT_KEYS = ['username', 'first_name', 'last_name', 'email', 'date_joined', 'id'] as const;

/** The Disable Member screen shows active members, or the disabled ones with `?show=disabled`. */
export type MemberListFilter = 'show';

/** What a member list keeps in its URL (the Disable Member screen also which members it shows). */
export function memberListSpec(view: MemberListView): TableSpec<MemberListFilter> {
  return {
    filters: { show: view === 'disable' ? choiceFilter(['disabled']) : () => undefined },
    sortKeys: MEMBER_SORT_KEYS,
    defaultPageSize: 20,
  };
}

/** The server list a screen reads for its URL state. */
export function memberListState(view: MemberListView, state: TableState<MemberListFilter>): MemberState {
  if (view === 'disable') return state.filters.show === 'disabled' ? 'disabled' : 'active';
  return view;
}

/** The list call's query for a screen's state (always paged). */
export function memberListQuery(state: TableState<MemberListFilter>): MemberListQuery {
  return { search: state.search.trim(), ordering: state.ordering, page: state.page, page_size: state.pageSize };
}

/** What staff can do to a member from a list. */
export type MemberAction = 'approve' | 'decline' | 'disable' | 'enable' | 'delete';

/** The permission each action needs (the server's guard checks the same). */
export const MEMBER_ACTION_PERMISSION: Record<MemberAction, string> = {
  approve: 'change_members',
  decline: 'change_members',
  disable: 'change_members',
  enable: 'change_members',
  delete: 'delete_members',
};

type User = Parameters<typeof holdsPermission>[0];

/** The actions a row offers on a screen for a member in `state`, limited to what the user holds. */
export function rowActions(view: MemberListView, state: MemberState, user: User): MemberAction[] {
  const offered: MemberAction[] = [];
  if (view === 'pending' && state === 'pending') offered.push('approve', 'decline');
  if (view === 'rejected' && state === 'rejected') offered.push('approve');
  if (view === 'disable' && state === 'active') offered.push('disable');
  if (view === 'disable' && state === 'disabled') offered.push('enable');
  if (view === 'active' && state === 'active') offered.push('delete');
  return offered.filter((action) => holdsPermission(user, MEMBER_ACTION_PERMISSION[action]));
}

/** The bulk actions a screen offers for selected rows (approve and decline of waiting members). */
export function bulkActions(view: MemberListView, user: User): MemberAction[] {
  const offered: MemberAction[] = view === 'pending' ? ['approve', 'decline'] : view === 'rejected' ? ['approve'] : [];
  return offered.filter((action) => holdsPermission(user, MEMBER_ACTION_PERMISSION[action]));
}

/** Words of one action: its button, its confirmation and the past tense for summaries. */
export interface MemberActionWords {
  button: string;
  title: string;
  question: (name: string) => string;
  confirm: string;
  busy: string;
  done: string;
  danger: boolean;
}

/** The words of every action (one wording each). */
export const MEMBER_ACTION_WORDS: Record<MemberAction, MemberActionWords> = {
  approve: {
    button: 'Approve',
    title: 'Approve member',
    question: (name) => `Approve ${name}? The member can sign in at once and is told by e-mail.`,
    confirm: 'Approve',
    busy: 'Approving...',
    done: 'approved',
    danger: false,
  },
  decline: {
    button: 'Decline',
    title: 'Decline member',
    question: (name) => `Decline ${name}? The registration moves to Rejected Approvals and the member is told by e-mail.`,
    confirm: 'Decline',
    busy: 'Declining...',
    done: 'declined',
    danger: true,
  },
  disable: {
    button: 'Disable',
    title: 'Disable member',
    question: (name) => `Disable ${name}? The member is signed out everywhere and cannot sign in until enabled again.`,
    confirm: 'Disable',
    busy: 'Disabling...',
    done: 'disabled',
    danger: true,
  },
  enable: {
    button: 'Enable',
    title: 'Enable member',
    question: (name) => `Enable ${name}? The member can sign in again.`,
    confirm: 'Enable',
    busy: 'Enabling...',
    done: 'enabled',
    danger: false,
  },
  delete: {
    button: 'Delete',
    title: 'Delete member',
    question: (name) =>
      `Delete ${name}? The account is closed and its personal details are erased; loan and fine history is kept. This cannot be undone.`,
    confirm: 'Delete member',
    busy: 'Deleting...',
    done: 'deleted',
    danger: true,
  },
};

const members = (n: number): string => `${n} ${n === 1 ? 'member' : 'members'}`;

/** The one toast after a bulk action: how many succeeded, how many failed and the first reason. */
export function bulkSummary(action: MemberAction, succeeded: number, failures: readonly string[]): { tone: 'success' | 'error'; title: string; description?: string } {
  const done = MEMBER_ACTION_WORDS[action].done;
  if (failures.length === 0) return { tone: 'success', title: `${members(succeeded)} ${done}.` };
  const title = succeeded > 0 ? `${members(succeeded)} ${done}; ${failures.length} could not be.` : `No member ${done}: ${failures.length} could not be.`;
  return { tone: 'error', title, description: failures[0] };
}

/** The label of a member's state (the words the server's reports use too). */
