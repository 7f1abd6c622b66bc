/** Member cards: the card sheets, what a card says, and choosing the members (picked, a department, joined since). */
import { describe, expect, test } from 'vitest';
import { MEMBER_CARD } from '#shared/copies';
import { perSheet, slotPosition } from '../../src/lib/labels';
import {
  CARDS_MESSAGES,
  MAX_CARDS,
  cardSheet,
  cardsProblem,
  cardsReducer,
  collectMembers,
  initialCardsState,
  initials,
  memberCard,
  type CardMember,
  type CardsAction,
  type CardsState,
  type MemberPageReader,
} from '../../src/lib/member-cards';

const member = (id: number, over: Partial<CardMember> = {}): CardMember => ({
  id,
  username: `m${id}`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  member_id: `MEM-${String(id).padStart(4, '0')}`,
  profile_photo: null,
  plan: { id: 1, name: 'Standard' },
  department: 2,
  date_joined: '2026-11-20T09:00:00.000Z',
  ...over,
});

const run = (...actions: CardsAction[]): CardsState => actions.reduce(cardsReducer, initialCardsState);

describe('card sheets', () => {
  test.each(MEMBER_CARD.perSheet.map((n) => [n] as const))('%i ID-1 cards fit on A4 without overlapping', (n) => {
    const sheet = cardSheet(n);
    expect(perSheet(sheet)).toBe(n);
    expect(sheet.widthMm).toBe(85.6);
    expect(sheet.heightMm).toBe(54);
    const last = slotPosition(sheet, n);
    expect(slotPosition(sheet, 1).leftMm).toBeGreaterThanOrEqual(5);
    expect(slotPosition(sheet, 1).topMm).toBeGreaterThanOrEqual(5);
    expect(last.leftMm + sheet.widthMm).toBeLessThanOrEqual(205);
    expect(last.topMm + sheet.heightMm).toBeLessThanOrEqual(292);
    // Centred on the page.
    expect(slotPosition(sheet, 1).leftMm).toBeCloseTo(210 - (last.leftMm + sheet.widthMm), 6);
    expect(slotPosition(sheet, 1).topMm).toBeCloseTo(297 - (last.topMm + sheet.heightMm), 6);
  });
});

describe('what a card says', () => {
  test('name, member number, plan, photo and the barcode of the member number', () => {
    expect(memberCard(member(42, { middle_name: 'King', profile_photo: 'http://api/media/p.png' }))).toEqual({
      key: '42',
      name: 'Ada King Lovelace',
      initials: 'AL',
      memberNo: 'MEM-0042',
      plan: 'Standard',
      validUntil: null,
      photo: 'http://api/media/p.png',
      barcode: 'MEM-0042',
    });
  });

  test("a card is valid until his membership's last day; none before approval", () => {
    expect(memberCard(member(42, { membership_expires: '2027-06-30' })).validUntil).toBe('2027-06-30');
    expect(memberCard(member(43, { membership_expires: null })).validUntil).toBeNull();
  });

  test('a member with no name is named by username; no plan reads as the default plan', () => {
    const card = memberCard(member(7, { first_name: '', last_name: null, plan: null }));
    expect(card.name).toBe('m7');
    expect(card.initials).toBe('M');
    expect(card.plan).toBeNull();
  });

  test.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['Grace Brewster Murray Hopper', 'GH'],
    ['  ', '?'],
  ])('the initials of %s are %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('choosing the members', () => {
  test('picked members are added once each and can be taken off the list', () => {
    let state = run({ type: 'add', member: { id: 1, username: 'ada' } }, { type: 'add', member: { id: 2, username: 'bob' } }, { type: 'add', member: { id: 1, username: 'ada' } });
    expect(state.picked.map((p) => p.id)).toEqual([1, 2]);
    state = cardsReducer(state, { type: 'remove', id: 1 });
    expect(state.picked.map((p) => p.id)).toEqual([2]);
  });

  test('each way of choosing says what it still needs', () => {
    expect(cardsProblem(initialCardsState)).toEqual({ field: 'members', message: CARDS_MESSAGES.membersNeeded });
    expect(cardsProblem(run({ type: 'source', source: 'department' }))).toEqual({ field: 'department', message: CARDS_MESSAGES.departmentNeeded });
    expect(cardsProblem(run({ type: 'source', source: 'since' }))?.field).toBe('since');
    expect(cardsProblem(run({ type: 'source', source: 'since' }, { type: 'since', value: '2026-12-24' }), '2026-11-27')).toEqual({ field: 'since', message: CARDS_MESSAGES.sinceFuture });
    expect(cardsProblem(run({ type: 'source', source: 'department' }, { type: 'department', value: '2' }))).toBeNull();
  });

  test('preview loads, then holds the members; a changed choice drops the preview', () => {
    let state = run({ type: 'add', member: { id: 1, username: 'ada' } }, { type: 'preview' });
    expect(state.phase).toBe('loading');
    state = cardsReducer(state, { type: 'loaded', members: [member(1)], truncated: false });
    expect(state).toMatchObject({ phase: 'ready', truncated: false });
    expect(state.members).toHaveLength(1);
    state = cardsReducer(state, { type: 'add', member: { id: 2, username: 'bob' } });
    expect(state).toMatchObject({ phase: 'idle', members: [] });
  });

  test('a bad choice loads nothing; a failure keeps the choice', () => {
    expect(run({ type: 'preview' })).toMatchObject({ phase: 'idle', problem: { field: 'members' } });
    const failed = run({ type: 'add', member: { id: 1, username: 'ada' } }, { type: 'preview' }, { type: 'failed', message: 'Offline' });
    expect(failed).toMatchObject({ phase: 'failed', error: 'Offline' });
    expect(failed.picked).toHaveLength(1);
  });

  test('cards per sheet and the start position', () => {
    expect(run({ type: 'per-sheet', value: 10 }).perSheet).toBe(10);
    expect(run({ type: 'start', value: 3 }).start).toBe(3);
    expect(run({ type: 'start', value: -2 }).start).toBe(0);
  });
});

describe('reading the members of a choice', () => {
  /** A member list of `total` active members, newest first, in pages; records each page asked for. */
  function list(all: CardMember[]) {
    const asked: { page: number; ordering: string }[] = [];
    const read: MemberPageReader = async ({ page, page_size, ordering }) => {
      asked.push({ page, ordering: ordering ?? '' });
      return { count: all.length, results: all.slice((page - 1) * page_size, page * page_size) };
    };
    return { read, asked };
  }
  const profile = async (id: string | number) => member(Number(id));

  test('picked members are read one by one, in the order picked', async () => {
    const { read, asked } = list([]);
    const state = run({ type: 'add', member: { id: 5, username: 'e' } }, { type: 'add', member: { id: 3, username: 'c' } });
    const result = await collectMembers(state, { readPage: read, readProfile: profile, timeZone: 'UTC' });
    expect(result.members.map((m) => m.id)).toEqual([5, 3]);
    expect(result.truncated).toBe(false);
    expect(asked).toEqual([]);
  });

  test('a department walks every page of the active list and keeps its members', async () => {
    const all = Array.from({ length: 250 }, (_, i) => member(i + 1, { department: i % 5 === 0 ? 9 : 2 }));
    const { read, asked } = list(all);
    const state = run({ type: 'source', source: 'department' }, { type: 'department', value: '9' });
    const result = await collectMembers(state, { readPage: read, readProfile: profile, timeZone: 'UTC' });
    expect(result.members).toHaveLength(50);
    expect(result.members.every((m) => m.department === 9)).toBe(true);
    expect(asked.map((a) => a.page)).toEqual([1, 2, 3]);
  });

  test('joined since reads newest first and stops at the first member who joined before the date', async () => {
    const all = Array.from({ length: 300 }, (_, i) => member(i + 1, { date_joined: i < 120 ? '2026-11-10T08:00:00.000Z' : '2026-10-01T08:00:00.000Z' }));
    const { read, asked } = list(all);
    const state = run({ type: 'source', source: 'since' }, { type: 'since', value: '2026-11-01' });
    const result = await collectMembers(state, { readPage: read, readProfile: profile, timeZone: 'UTC' });
    expect(result.members).toHaveLength(120);
    expect(asked).toEqual([
      { page: 1, ordering: '-date_joined' },
      { page: 2, ordering: '-date_joined' },
    ]);
  });

  test('joined since counts the day in the library zone', async () => {
    // 20:00 UTC on 31 October is already 1 November in Karachi (UTC+5).
    const all = [member(1, { date_joined: '2026-10-31T20:00:00.000Z' }), member(2, { date_joined: '2026-10-31T18:00:00.000Z' })];
    const state = run({ type: 'source', source: 'since' }, { type: 'since', value: '2026-11-01' });
    const result = await collectMembers(state, { readPage: list(all).read, readProfile: profile, timeZone: 'Asia/Karachi' });
    expect(result.members.map((m) => m.id)).toEqual([1]);
  });

  test('stops at the most cards one run prints, and says so', async () => {
    const all = Array.from({ length: MAX_CARDS + 40 }, (_, i) => member(i + 1));
    const state = run({ type: 'source', source: 'since' }, { type: 'since', value: '2026-01-01' });
    const result = await collectMembers(state, { readPage: list(all).read, readProfile: profile, timeZone: 'UTC' });
    expect(result.members).toHaveLength(MAX_CARDS);
    expect(result.truncated).toBe(true);
  });
});
