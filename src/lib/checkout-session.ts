/**
 * The checkout session at the desk, as a pure reducer and its rules. One field takes every scan:
 * with nobody served, a scan names the member (his card's barcode is his member number, or a
 * number or name typed); once he is served, every scan is a copy, issued to him at once (in the
 * order scanned, one at a time, so the loan limit counts each in turn), each a row of the session
 * list. His own card again changes nothing. A copy code that no copy has is then looked up as a
 * member number (exactly): another member's card switches member, asking nothing
 * when the session issued nothing, else ending the session first (its slip shown, the new member
 * served once the slip is closed). Done or Esc ends the session: the slip lists the session's
 * loans, oldest first. A row refused for blocks may be retried with an override reason by staff
 * who may override.
 */
import { BLOCK_MESSAGES, OVERRIDE_REASON_MAX } from '#shared/blocks';
import { COPY_MESSAGES } from '#shared/copies';
import { fullName } from '#shared/person-name';
import { errorBody, errorStatus } from './error-reading';
import type { DeskBlock } from './schemas/desk';

type Id = string | number;

/** The member being served, as the session names him. */
export interface SessionMember {
  id: string;
  memberNumber: string | null;
  name: string;
}

/** The loan an issue answered (the IssuedRecord's fields the session keeps). */
export interface IssuedLoan {
  id: Id;
  due_date: string;
  book: { title: string };
  copy?: { accession_no: string } | null | undefined;
}

export type RowState = 'queued' | 'sending' | 'issued' | 'refused' | 'blocked';

/** One scan of the session: a copy being issued, issued, or refused with why. */
export interface SessionRow {
  key: string;
  code: string;
  state: RowState;
  loanId: string | null;
  title: string | null;
  accessionNo: string | null;
  dueDate: string | null;
  message: string | null;
  blocks: DeskBlock[];
  /** The override reason this row was (or is being) issued with. */
  overrideReason: string | null;
}

export type SessionPhase = 'member' | 'copies' | 'slip';

export interface CheckoutState {
  phase: SessionPhase;
  member: SessionMember | null;
  /** Newest first. */
  rows: SessionRow[];
  /** What the field says under itself (a miss, a member not found, …). */
  fieldMessage: string | null;
  /** Another member's card scanned while the session had loans: served after the slip. */
  nextMember: SessionMember | null;
  nextKey: number;
}

export type CheckoutAction =
  | { type: 'member-found'; member: SessionMember }
  | { type: 'field-message'; message: string | null }
  | { type: 'copy-scanned'; code: string }
  | { type: 'sent'; key: string }
  | { type: 'issued'; key: string; loan: IssuedLoan }
  | { type: 'refused'; key: string; message: string; blocks?: readonly DeskBlock[] }
  | { type: 'dropped'; key: string }
  | { type: 'override'; key: string; reason: string }
  | { type: 'end' }
  | { type: 'slip-closed' };

export const emptyCheckout = (): CheckoutState => ({ phase: 'member', member: null, rows: [], fieldMessage: null, nextMember: null, nextKey: 1 });

/** The words of the session. */
export const CHECKOUT_MESSAGES = {
  empty: 'Scan a member card, or type a member number or name.',
  sameMember: (name: string) => `${name} is already being served. Scan a copy.`,
  noMember: (text: string) => `No member matches “${text}”.`,
  chooseMember: (n: number) => `${n} members match: choose one.`,
  issueFailed: 'The copy could not be issued.',
  blocked: 'Not issued: this member is blocked.',
  memberSwitched: (name: string) => `Now serving ${name}.`,
  sessionEnded: (name: string) => `Session with ${name} ended.`,
  nothingIssued: 'Nothing was issued in this session.',
  reasonTooLong: `Keep the reason to ${OVERRIDE_REASON_MAX} characters.`,
} as const;

/** How the session names a person of the member search or the panel. */
export function sessionMember(person: { id: Id; username: string; member_id?: string | null | undefined; first_name?: string | null | undefined; last_name?: string | null | undefined; full_name?: string | null | undefined }): SessionMember {
  const name = person.full_name?.trim() || fullName([person.first_name, person.last_name]) || person.username;
  return { id: String(person.id), memberNumber: person.member_id?.trim() || null, name };
}

/** What a scan is in the session's state: a member to find (by his number or name), his own card again, or a copy to issue. */
export type ScanIntent = { kind: 'none' } | { kind: 'member'; text: string } | { kind: 'same-member' } | { kind: 'copy'; code: string };

export function scanIntent(state: Pick<CheckoutState, 'phase' | 'member'>, raw: string): ScanIntent {
  const text = raw.trim();
  if (!text) return { kind: 'none' };
  if (state.phase !== 'copies' || !state.member) return { kind: 'member', text };
  if (state.member.memberNumber && state.member.memberNumber.toUpperCase() === text.toUpperCase()) return { kind: 'same-member' };
  return { kind: 'copy', code: text };
}

/** Whether a refused copy scan may have been a member's card: no copy has the code (his number is then looked up exactly). */
export function mayBeMemberCard(failure: unknown): boolean {
  const status = errorStatus(failure);
  if (status === 404) return true;
  const copy = errorBody(failure)?.copy;
  const said = Array.isArray(copy) ? copy : [copy];
  return status === 400 && said.includes(COPY_MESSAGES.notFound);
}

/**
 * Whom the member search found for what was scanned or typed: the member whose number it is exactly
 * (a card), else the single match of a name; with `exactOnly` (a copy code read again as a card)
 * only the exact number counts.
 */
export function pickFound<P extends { member_id?: string | null | undefined }>(text: string, found: readonly P[], exactOnly = false): { kind: 'one'; person: P } | { kind: 'many'; people: P[] } | { kind: 'none'; message: string } {
  const exact = found.find((p) => (p.member_id ?? '').toUpperCase() === text.trim().toUpperCase());
  if (exact) return { kind: 'one', person: exact };
  if (exactOnly) return { kind: 'none', message: CHECKOUT_MESSAGES.noMember(text) };
  if (found.length === 1) return { kind: 'one', person: found[0]! };
  return found.length === 0 ? { kind: 'none', message: CHECKOUT_MESSAGES.noMember(text) } : { kind: 'many', people: [...found] };
}

/** The body of `POST /books/issued-books/` for a scanned copy (and the override reason on a retry). */
export function issueBody(memberId: Id, code: string, overrideReason?: string | null): { member: Id; copy: string; override_reason?: string } {
  const reason = overrideReason?.trim();
  return reason ? { member: memberId, copy: code, override_reason: reason } : { member: memberId, copy: code };
}

/** A refused issue in words: the copy's or member's message, the blocks when blocks refused it. */
export function readRefusal(failure: unknown): { message: string; blocks: DeskBlock[] } {
  const body = errorBody(failure);
  const blocks = Array.isArray(body?.blocks) ? (body.blocks as unknown[]).filter(isBlock) : [];
  if (blocks.length > 0) return { message: CHECKOUT_MESSAGES.blocked, blocks };
  for (const field of ['copy', 'member', 'book', 'detail', 'non_field_errors']) {
    const value = body?.[field];
    const text = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').join(' ') : typeof value === 'string' ? value : '';
    if (text.trim()) return { message: text.trim(), blocks: [] };
  }
  return { message: CHECKOUT_MESSAGES.issueFailed, blocks: [] };
}

function isBlock(value: unknown): value is DeskBlock {
  return typeof value === 'object' && value !== null && typeof (value as DeskBlock).code === 'string' && typeof (value as DeskBlock).reason === 'string';
}

/** Why an override reason cannot be sent, or null. */
export function overrideReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (!text) return BLOCK_MESSAGES.reasonRequired;
  return text.length > OVERRIDE_REASON_MAX ? CHECKOUT_MESSAGES.reasonTooLong : null;
}

/** What the desk says under the blocks: nothing to whoever may override, else who can. */
export const blockAdvice = (canOverride: boolean): string | null => (canOverride ? null : BLOCK_MESSAGES.overrideNeeded);

const newRow = (key: string, code: string): SessionRow => ({ key, code, state: 'queued', loanId: null, title: null, accessionNo: null, dueDate: null, message: null, blocks: [], overrideReason: null });

const update = (rows: SessionRow[], key: string, change: Partial<SessionRow>): SessionRow[] => rows.map((row) => (row.key === key ? { ...row, ...change } : row));

const serve = (state: CheckoutState, member: SessionMember): CheckoutState => ({ ...state, phase: 'copies', member, rows: [], fieldMessage: null, nextMember: null });

/** Whether the session issued anything yet. */
export const issuedAny = (state: Pick<CheckoutState, 'rows'>): boolean => state.rows.some((row) => row.state === 'issued');

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'member-found': {
      if (state.phase === 'copies' && state.member?.id === action.member.id) return { ...state, fieldMessage: CHECKOUT_MESSAGES.sameMember(state.member.name) };
      if (state.phase === 'copies' && issuedAny(state)) return { ...state, phase: 'slip', nextMember: action.member, fieldMessage: null };
      if (state.phase === 'slip') return { ...state, nextMember: action.member };
      return serve(state, action.member);
    }
    case 'field-message':
      return { ...state, fieldMessage: action.message };
    case 'copy-scanned': {
      const code = action.code.trim();
      if (!code || state.phase !== 'copies') return state;
      return { ...state, fieldMessage: null, nextKey: state.nextKey + 1, rows: [newRow(`r${state.nextKey}`, code), ...state.rows] };
    }
    case 'sent':
      return { ...state, rows: update(state.rows, action.key, { state: 'sending' }) };
    case 'issued': {
      const { loan } = action;
      return { ...state, rows: update(state.rows, action.key, { state: 'issued', loanId: String(loan.id), title: loan.book.title, accessionNo: loan.copy?.accession_no ?? null, dueDate: loan.due_date, message: null, blocks: [] }) };
    }
    case 'refused': {
      const blocks = [...(action.blocks ?? [])];
      return { ...state, rows: update(state.rows, action.key, { state: blocks.length > 0 ? 'blocked' : 'refused', message: action.message, blocks }) };
    }
    case 'dropped':
      return { ...state, rows: state.rows.filter((row) => row.key !== action.key) };
    case 'override': {
      const row = state.rows.find((r) => r.key === action.key);
      if (!row || row.state !== 'blocked' || overrideReasonProblem(action.reason)) return state;
      return { ...state, rows: update(state.rows, action.key, { state: 'queued', overrideReason: action.reason.trim(), message: null }) };
    }
    case 'end':
      if (state.phase !== 'copies') return state;
      return issuedAny(state) ? { ...state, phase: 'slip', fieldMessage: null } : { ...emptyCheckout(), nextKey: state.nextKey };
    case 'slip-closed': {
      const next = state.nextMember;
      const fresh = { ...emptyCheckout(), nextKey: state.nextKey };
      return next ? serve(fresh, next) : fresh;
    }
  }
}

/** The row to send next: the oldest queued one, when none is on its way. */
export function nextToIssue(state: Pick<CheckoutState, 'rows' | 'phase'>): SessionRow | null {
  if (state.phase !== 'copies' || state.rows.some((row) => row.state === 'sending')) return null;
  for (let i = state.rows.length - 1; i >= 0; i--) if (state.rows[i]!.state === 'queued') return state.rows[i]!;
  return null;
}

/** One line of the slip. */
export interface SlipLine {
  loanId: string;
  title: string;
  accessionNo: string | null;
  dueDate: string;
}

/** The slip: the session's loans, oldest first. */
export function slipLines(rows: readonly SessionRow[]): SlipLine[] {
  return rows
    .filter((row) => row.state === 'issued' && row.loanId !== null)
    .reverse()
    .map((row) => ({ loanId: row.loanId!, title: row.title ?? '', accessionNo: row.accessionNo, dueDate: row.dueDate ?? '' }));
}

/** An id as the server's bodies take it: a whole number when it reads as one. */
const wireId = (id: string): Id => (/^\d{1,12}$/.test(id) ? Number(id) : id);

/** The body of `POST /circulation/loan-slip/` (its loan ids are whole numbers). */
export const slipMailBody = (member: SessionMember, lines: readonly SlipLine[]): { member: Id; loans: Id[] } => ({ member: wireId(member.id), loans: lines.map((line) => wireId(line.loanId)) });
