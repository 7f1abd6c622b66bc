import { describe, expect, test } from 'vitest';
import { chosenRows, memberListEmptyText, memberListFlow, NO_SELECTION } from '../../../src/lib/member-list-flow';

const ali = { id: 1, username: 'ali' };
const sara = { id: 2, username: 'sara' };

describe('the member list’s selection and confirm', () => {
  test('rows are chosen in the order of the page', () => {
    const state = memberListFlow(NO_SELECTION, { type: 'select', selected: new Set([2, 1]) });
    expect(chosenRows([ali, sara], state.selected)).toEqual([ali, sara]);
  });

  test('an action asks for confirmation and keeps the selection until it is done', () => {
    const selected = memberListFlow(NO_SELECTION, { type: 'select', selected: new Set([1, 2]) });
    const asked = memberListFlow(selected, { type: 'ask', action: 'approve', members: [ali, sara] });
    expect(asked.pending).toEqual({ action: 'approve', members: [ali, sara] });
    expect(memberListFlow(asked, { type: 'close' })).toEqual({ selected: selected.selected, pending: null });
    expect(memberListFlow(asked, { type: 'done' })).toEqual({ selected: new Set(), pending: asked.pending });
  });

  test('clearing the selection (or another page) keeps an open confirm', () => {
    const asked = memberListFlow(NO_SELECTION, { type: 'ask', action: 'delete', members: [ali] });
    expect(memberListFlow(asked, { type: 'clear' })).toEqual({ selected: new Set(), pending: asked.pending });
  });
});

describe('memberListEmptyText', () => {
  test.each([
    ['active', { failed: true, searched: false, disabledShown: false }, 'No members to show.'],
    ['pending', { failed: false, searched: true, disabledShown: false }, 'No members match your search.'],
    ['disable', { failed: false, searched: false, disabledShown: true }, 'No disabled members.'],
    ['disable', { failed: false, searched: false, disabledShown: false }, 'No members to show.'],
    ['pending', { failed: false, searched: false, disabledShown: false }, 'No registrations are waiting for approval.'],
    ['rejected', { failed: false, searched: false, disabledShown: false }, 'No declined registrations.'],
    ['active', { failed: false, searched: false, disabledShown: false }, 'No active members yet.'],
  ] as const)('the %s list with %o says %s', (view, flags, text) => {
    expect(memberListEmptyText(view, flags)).toBe(text);
  });
});
