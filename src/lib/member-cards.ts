/**
 * Member cards: ID-1 cards (85.6 × 54 mm), eight or ten to an A4 sheet, centred with room to cut
 * between them; what a card says (name, member number, plan, photo or initials, the barcode of the
 * member number); and the choice of members (picked one by one, a department, or everyone who
 * joined since a date) as a pure reducer, with the reading of those members from the member list
 * calls (`collectMembers`, its calls handed in so it is tested without a server).
 */
import { MEMBER_CARD } from '#shared/copies';
import { isCalendarDate, startOfLibraryDay } from '#shared/dates';
import { fullName } from '#shared/person-name';
import type { SheetGrid } from './labels';
import type { PickablePerson } from './member-picker';

export type CardsPerSheet = (typeof MEMBER_CARD.perSheet)[number];

/** Room left between cards to cut them apart, in mm, by cards per sheet. */
const GAPS: Record<CardsPerSheet, { x: number; y: number }> = { 8: { x: 8, y: 8 }, 10: { x: 8, y: 3 } };

/** The sheet of cards: two columns, four or five rows, centred on A4. */
export function cardSheet(count: CardsPerSheet): SheetGrid {
  const rows = count / 2;
  const gap = GAPS[count];
  const { widthMm, heightMm } = MEMBER_CARD;
  return {
    columns: 2,
    rows,
    widthMm,
    heightMm,
    gapXMm: gap.x,
    gapYMm: gap.y,
    marginLeftMm: (210 - 2 * widthMm - gap.x) / 2,
    marginTopMm: (297 - rows * heightMm - (rows - 1) * gap.y) / 2,
  };
}

/* ---------- What a card says ---------- */

/** What a card needs of a member: a member list row or a profile. */
export interface CardMember {
  id: string | number;
  username: string;
  first_name?: string | null | undefined;
  middle_name?: string | null | undefined;
  last_name?: string | null | undefined;
  member_id?: string | null | undefined;
  profile_photo?: string | null | undefined;
  plan?: { id: string | number; name: string } | null | undefined;
  department?: string | number | null | undefined;
  date_joined?: string | null | undefined;
  membership_expires?: string | null | undefined;
}

export interface MemberCard {
  key: string;
  name: string;
  initials: string;
  memberNo: string;
  /** The plan's name; null when the member is on the default plan and the answer names none. */
  plan: string | null;
  /** The membership's end date; the profile carries none today, so the card shows the plan only. */
  validUntil: string | null;
  photo: string | null;
  barcode: string;
}

/** Up to two initials: the first and last words' first letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.map((word) => [...word][0]!.toUpperCase()).join('');
}

export function memberCard(member: CardMember): MemberCard {
  const name = fullName([member.first_name, member.middle_name, member.last_name]) || member.username;
  const memberNo = member.member_id?.trim() || String(member.id);
  const first = fullName([member.first_name, member.last_name]) || member.username;
  return {
    key: String(member.id),
    name,
    initials: initials(first),
    memberNo,
    plan: member.plan?.name ?? null,
    validUntil: member.membership_expires ?? null,
    photo: member.profile_photo || null,
    barcode: memberNo,
  };
}

/* ---------- Choosing the members ---------- */

export type CardSource = 'members' | 'department' | 'since';

/** Cards printed in one run at most; members picked by hand at most. */
export const MAX_CARDS = 500;
export const MAX_PICKED = 100;

export const CARDS_MESSAGES = {
  membersNeeded: 'Add at least one member.',
  pickedFull: `At most ${MAX_PICKED} members can be picked by hand; choose a department or a date for more.`,
  departmentNeeded: 'Choose a department.',
  sinceNeeded: 'Enter a date.',
  sinceFuture: 'The date is in the future.',
  noneFound: 'No active members match this choice.',
  loadFailed: 'The members could not be loaded.',
  truncated: `Showing the first ${MAX_CARDS} members. Narrow the choice to print the rest.`,
} as const;

export interface CardsProblem {
  field: 'members' | 'department' | 'since';
  message: string;
}

export interface CardsState {
  source: CardSource;
  picked: PickablePerson[];
  department: string;
  since: string;
  perSheet: CardsPerSheet;
  start: number;
  phase: 'idle' | 'loading' | 'ready' | 'failed';
  problem: CardsProblem | null;
  members: CardMember[];
  truncated: boolean;
  error: string | null;
}

export const initialCardsState: CardsState = {
  source: 'members',
  picked: [],
  department: '',
  since: '',
  perSheet: 10,
  start: 1,
  phase: 'idle',
  problem: null,
  members: [],
  truncated: false,
  error: null,
};

export type CardsAction =
  | { type: 'source'; source: CardSource }
  | { type: 'add'; member: PickablePerson }
  | { type: 'remove'; id: string | number }
  | { type: 'department' | 'since'; value: string }
  | { type: 'per-sheet'; value: CardsPerSheet }
  | { type: 'start'; value: number }
  | { type: 'preview'; today?: string }
  | { type: 'loaded'; members: CardMember[]; truncated: boolean }
  | { type: 'failed'; message: string };

/** What the choice still needs, or null when it can be read. `today` (the library's) bounds the date. */
export function cardsProblem(state: Pick<CardsState, 'source' | 'picked' | 'department' | 'since'>, today?: string): CardsProblem | null {
  switch (state.source) {
    case 'members':
      return state.picked.length > 0 ? null : { field: 'members', message: CARDS_MESSAGES.membersNeeded };
    case 'department':
      return state.department ? null : { field: 'department', message: CARDS_MESSAGES.departmentNeeded };
    case 'since':
      if (!isCalendarDate(state.since)) return { field: 'since', message: CARDS_MESSAGES.sinceNeeded };
      return today && state.since > today ? { field: 'since', message: CARDS_MESSAGES.sinceFuture } : null;
  }
}

/** A changed choice: its problem and any preview of the old choice are gone. */
const choose = (state: CardsState, change: Partial<CardsState>): CardsState => ({ ...state, ...change, phase: 'idle', problem: null, members: [], truncated: false, error: null });

export function cardsReducer(state: CardsState, action: CardsAction): CardsState {
  switch (action.type) {
    case 'source':
      return choose(state, { source: action.source });
    case 'add': {
      if (state.picked.some((p) => String(p.id) === String(action.member.id))) return state;
      if (state.picked.length >= MAX_PICKED) return { ...state, problem: { field: 'members', message: CARDS_MESSAGES.pickedFull } };
      return choose(state, { picked: [...state.picked, action.member] });
    }
    case 'remove':
      return choose(state, { picked: state.picked.filter((p) => String(p.id) !== String(action.id)) });
    case 'department':
    case 'since':
      return choose(state, { [action.type]: action.value });
    case 'per-sheet':
      return { ...state, perSheet: action.value };
    case 'start':
      // 0 while the field is empty; the layout starts at the first place then.
      return { ...state, start: Math.max(0, Math.floor(action.value) || 0) };
    case 'preview': {
      const problem = cardsProblem(state, action.today);
      return problem ? { ...state, phase: 'idle', problem } : { ...state, phase: 'loading', problem: null, error: null };
    }
    case 'loaded':
      return state.phase === 'loading' ? { ...state, phase: 'ready', members: action.members, truncated: action.truncated } : state;
    case 'failed':
      return state.phase === 'loading' ? { ...state, phase: 'failed', error: action.message } : state;
  }
}

/* ---------- Reading the members ---------- */

/** One page of the active member list (`GET users/all-members/`). */
export type MemberPageReader = (query: { page: number; page_size: number; ordering?: string }) => Promise<{ count: number; results: CardMember[] }>;

export interface MemberReaders {
  readPage: MemberPageReader;
  readProfile: (id: string | number) => Promise<CardMember>;
  /** The library's time zone: "joined since" counts from the start of that day there. */
  timeZone: string;
}

/** The list's largest page; the pages a department search reads at most (10,000 members). */
const PAGE_SIZE = 100;
const MAX_PAGES = 100;

/**
 * The members of a valid choice, at most MAX_CARDS (`truncated` when more matched): picked members'
 * profiles in the order picked; a department's from the active list page by page (the list has no
 * department filter, so each page is filtered here); members who joined since a date from the list
 * newest first, stopping at the first who joined before it.
 */
export async function collectMembers(state: CardsState, readers: MemberReaders): Promise<{ members: CardMember[]; truncated: boolean }> {
  if (state.source === 'members') {
    const members: CardMember[] = [];
    for (let i = 0; i < state.picked.length; i += 6) {
      const batch = state.picked.slice(i, i + 6);
      members.push(...(await Promise.all(batch.map(async (p) => ({ ...(await readers.readProfile(p.id)), id: p.id })))));
    }
    return { members, truncated: false };
  }
  const since = state.source === 'since' ? Date.parse(startOfLibraryDay(state.since, readers.timeZone)) : null;
  const members: CardMember[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await readers.readPage({ page, page_size: PAGE_SIZE, ...(since !== null ? { ordering: '-date_joined' } : {}) });
    for (const row of answer.results) {
      if (since !== null && Date.parse(row.date_joined ?? '') < since) return { members, truncated: false };
      if (since === null && String(row.department ?? '') !== state.department) continue;
      if (members.length === MAX_CARDS) return { members, truncated: true };
      members.push(row);
    }
    if (answer.results.length < PAGE_SIZE || page * PAGE_SIZE >= answer.count) return { members, truncated: false };
  }
  return { members, truncated: true };
}
