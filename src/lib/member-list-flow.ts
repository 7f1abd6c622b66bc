/**
 * The member lists' flow: rows ticked for a bulk action, the action waiting for its confirm, and
 * what each list says when it is empty. A confirmed action clears the selection (the rows it
 * touched have left or changed); a confirm closed without acting keeps it.
 */
import type { MemberAction, MemberListView } from './member-lists';
import { listEmptyText } from './server-list';

type Id = string | number;

/** What is ticked, and the action waiting for its confirm. */
export interface MemberListFlow<M> {
  selected: ReadonlySet<Id>;
  pending: { action: MemberAction; members: M[] } | null;
}

export type MemberListEvent<M> =
  | { type: 'select'; selected: ReadonlySet<Id> }
  | { type: 'clear' }
  | { type: 'ask'; action: MemberAction; members: M[] }
  | { type: 'close' }
  | { type: 'done' };

export const NO_SELECTION: MemberListFlow<never> = { selected: new Set(), pending: null };

export function memberListFlow<M>(state: MemberListFlow<M>, event: MemberListEvent<M>): MemberListFlow<M> {
  switch (event.type) {
    case 'select':
      return { ...state, selected: event.selected };
    case 'clear':
      return { ...state, selected: new Set() };
    case 'ask':
      return { ...state, pending: { action: event.action, members: event.members } };
    case 'close':
      return { ...state, pending: null };
    case 'done':
      // The confirm closes itself (then 'close').
      return { ...state, selected: new Set() };
  }
}

/** The page's rows that are ticked, in the page's order. */
export const chosenRows = <M extends { id: Id }>(rows: readonly M[], selected: ReadonlySet<Id>): M[] => rows.filter((row) => selected.has(row.id));

const EMPTY: Record<MemberListView, string> = {
  active: 'No active members yet.',
  pending: 'No registrations are waiting for approval.',
  rejected: 'No declined registrations.',
  disable: 'No members to show.',
};

/** Why a member list is empty. */
export function memberListEmptyText(view: MemberListView, flags: { failed: boolean; searched: boolean; disabledShown: boolean }): string {
  const none = view === 'disable' && flags.disabledShown ? 'No disabled members.' : EMPTY[view];
  return listEmptyText({ failed: 'No members to show.', searched: 'No members match your search.', none }, { ...flags, filtered: false });
}
