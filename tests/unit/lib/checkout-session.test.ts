import { describe, expect, test } from 'vitest';
import { BLOCK_MESSAGES } from '#shared/blocks';
import { COPY_MESSAGES } from '#shared/copies';
import {
  CHECKOUT_MESSAGES,
  checkoutReducer,
  emptyCheckout,
  issueBody,
  mayBeMemberCard,
  nextToIssue,
  overrideReasonProblem,
  pickFound,
  readRefusal,
  scanIntent,
  sessionMember,
  slipLines,
  slipMailBody,
  blockAdvice,
  type CheckoutAction,
  type CheckoutState,
} from '../../../src/lib/checkout-session';

const ann = sessionMember({ id: 7, username: 'ann', member_id: 'MBR-0007', first_name: 'Ann', last_name: 'Lee' });
const bob = sessionMember({ id: 8, username: 'bob', member_id: 'MBR-0008', full_name: 'Bob Roy' });
const run = (actions: CheckoutAction[], from: CheckoutState = emptyCheckout()) => actions.reduce(checkoutReducer, from);
const loan = (id: number, title: string, acc: string, due = '2026-12-11') => ({ id, due_date: due, book: { title }, copy: { accession_no: acc } });
const failure = (status: number, data: unknown) => ({ status, data });
const blocks = [{ code: 'fines', reason: 'Owes Rs. 1,250.00 — over the Rs. 500.00 limit.' }];

/** A session serving Ann with `n` copies issued. */
function serving(n: number): CheckoutState {
  let state = run([{ type: 'member-found', member: ann }]);
  for (let i = 1; i <= n; i++) {
    state = run([{ type: 'copy-scanned', code: `ACC-0000${i}` }], state);
    const row = nextToIssue(state)!;
    state = run([{ type: 'sent', key: row.key }, { type: 'issued', key: row.key, loan: loan(100 + i, `Book ${i}`, `ACC-0000${i}`) }], state);
  }
  return state;
}

describe('what a scan is', () => {
  test.each([
    ['nobody served, a member number', emptyCheckout(), 'MBR-0007', { kind: 'member', text: 'MBR-0007' }],
    ['nobody served, a name', emptyCheckout(), ' Ann Lee ', { kind: 'member', text: 'Ann Lee' }],
    ['nobody served, blank', emptyCheckout(), '  ', { kind: 'none' }],
    ['Ann served, a copy barcode', serving(0), 'ACC-00001', { kind: 'copy', code: 'ACC-00001' }],
    ['Ann served, her own card in any case', serving(0), 'mbr-0007', { kind: 'same-member' }],
    ['Ann served, another member number is tried as a copy first', serving(0), 'MBR-0008', { kind: 'copy', code: 'MBR-0008' }],
  ])('%s', (_t, state, raw, intent) => expect(scanIntent(state, raw)).toEqual(intent));

  test.each([
    ['a code no copy has (400 on copy)', failure(400, { copy: [COPY_MESSAGES.notFound] }), true],
    ['a code answered 404', failure(404, { detail: 'Not found.' }), true],
    ['a copy on loan elsewhere', failure(400, { copy: [COPY_MESSAGES.notAvailable] }), false],
    ['a block', failure(400, { member: ['Owes…'], blocks: [] }), false],
  ])('%s may be a member card: %s', (_t, fail, expected) => expect(mayBeMemberCard(fail)).toBe(expected));

  test("a card picks its member's exact number first; a name its single match; a copy code read again only the exact number", () => {
    const people = [{ id: 1, member_id: 'MBR-00011' }, { id: 2, member_id: 'MBR-0001' }];
    expect(pickFound('mbr-0001', people)).toEqual({ kind: 'one', person: people[1] });
    expect(pickFound('Ann', [people[0]!])).toEqual({ kind: 'one', person: people[0] });
    expect(pickFound('M', people)).toEqual({ kind: 'many', people });
    expect(pickFound('Nobody', [])).toEqual({ kind: 'none', message: CHECKOUT_MESSAGES.noMember('Nobody') });
    expect(pickFound('MBR-001', [people[0]!], true)).toEqual({ kind: 'none', message: CHECKOUT_MESSAGES.noMember('MBR-001') });
  });
});

describe('the session list', () => {
  test('scans are issued one at a time, oldest first, and rows show title, accession number and due date newest first', () => {
    let state = run([{ type: 'member-found', member: ann }, { type: 'copy-scanned', code: ' ACC-00001 ' }, { type: 'copy-scanned', code: 'ACC-00002' }]);
    const first = nextToIssue(state)!;
    expect(first.code).toBe('ACC-00001');
    state = run([{ type: 'sent', key: first.key }], state);
    expect(nextToIssue(state)).toBeNull();
    state = run([{ type: 'issued', key: first.key, loan: loan(101, 'Moby-Dick', 'ACC-00001') }], state);
    expect(nextToIssue(state)!.code).toBe('ACC-00002');
    expect(state.rows.map((r) => [r.code, r.state])).toEqual([['ACC-00002', 'queued'], ['ACC-00001', 'issued']]);
    expect(state.rows[1]).toMatchObject({ loanId: '101', title: 'Moby-Dick', accessionNo: 'ACC-00001', dueDate: '2026-12-11' });
  });

  test('a refused copy keeps its row with the reason; blocks make it a blocked row', () => {
    let state = run([{ type: 'member-found', member: ann }, { type: 'copy-scanned', code: 'ACC-00009' }, { type: 'copy-scanned', code: 'ACC-00010' }]);
    const [second, first] = state.rows;
    state = run([{ type: 'refused', key: first!.key, message: COPY_MESSAGES.heldForAnother }, { type: 'refused', key: second!.key, message: CHECKOUT_MESSAGES.blocked, blocks }], state);
    expect(state.rows.map((r) => [r.state, r.message])).toEqual([['blocked', CHECKOUT_MESSAGES.blocked], ['refused', COPY_MESSAGES.heldForAnother]]);
    expect(state.rows[0]!.blocks).toEqual(blocks);
  });

  test('a scan is ignored before a member is served', () => {
    expect(run([{ type: 'copy-scanned', code: 'ACC-00001' }]).rows).toEqual([]);
  });
});

describe('switching members', () => {
  test('his own card again changes nothing', () => {
    const state = run([{ type: 'member-found', member: ann }], serving(2));
    expect(state.rows).toHaveLength(2);
    expect(state.fieldMessage).toBe(CHECKOUT_MESSAGES.sameMember('Ann Lee'));
  });

  test('another card with nothing issued switches at once', () => {
    const state = run([{ type: 'copy-scanned', code: 'ACC-1' }, { type: 'refused', key: 'r2', message: 'x' }, { type: 'member-found', member: bob }], serving(0));
    expect(state).toMatchObject({ phase: 'copies', member: bob, rows: [] });
  });

  test('another card after loans ends the session (slip) and serves him once the slip is closed', () => {
    let state = run([{ type: 'member-found', member: bob }], serving(2));
    expect(state).toMatchObject({ phase: 'slip', member: ann, nextMember: bob });
    expect(slipLines(state.rows).map((l) => l.title)).toEqual(['Book 1', 'Book 2']);
    state = run([{ type: 'slip-closed' }], state);
    expect(state).toMatchObject({ phase: 'copies', member: bob, rows: [], nextMember: null });
  });

  test('Done with loans shows the slip; without loans it clears the desk', () => {
    expect(run([{ type: 'end' }], serving(1)).phase).toBe('slip');
    expect(run([{ type: 'end' }], serving(0))).toMatchObject({ phase: 'member', member: null });
    expect(run([{ type: 'end' }, { type: 'slip-closed' }], serving(1))).toMatchObject({ phase: 'member', member: null, rows: [] });
  });
});

describe('the slip', () => {
  test("lists the session's loans oldest first, leaving refused scans out", () => {
    let state = serving(3);
    state = run([{ type: 'copy-scanned', code: 'ACC-404' }, { type: 'refused', key: `r${state.nextKey}`, message: 'No copy' }], state);
    const lines = slipLines(state.rows);
    expect(lines).toEqual([
      { loanId: '101', title: 'Book 1', accessionNo: 'ACC-00001', dueDate: '2026-12-11' },
      { loanId: '102', title: 'Book 2', accessionNo: 'ACC-00002', dueDate: '2026-12-11' },
      { loanId: '103', title: 'Book 3', accessionNo: 'ACC-00003', dueDate: '2026-12-11' },
    ]);
    expect(slipMailBody(ann, lines)).toEqual({ member: 7, loans: [101, 102, 103] });
  });
});

describe('the override retry', () => {
  test('a blocked row with a reason is queued again and sent with override_reason', () => {
    let state = run([{ type: 'member-found', member: ann }, { type: 'copy-scanned', code: 'ACC-00001' }]);
    const key = state.rows[0]!.key;
    state = run([{ type: 'sent', key }, { type: 'refused', key, message: CHECKOUT_MESSAGES.blocked, blocks }, { type: 'override', key, reason: '  Exam week  ' }], state);
    const row = nextToIssue(state)!;
    expect(row).toMatchObject({ key, state: 'queued', overrideReason: 'Exam week' });
    expect(issueBody(ann.id, row.code, row.overrideReason)).toEqual({ member: '7', copy: 'ACC-00001', override_reason: 'Exam week' });
  });

  test('no reason, or a row not blocked, changes nothing', () => {
    let state = run([{ type: 'member-found', member: ann }, { type: 'copy-scanned', code: 'ACC-00001' }]);
    const key = state.rows[0]!.key;
    state = run([{ type: 'refused', key, message: 'm', blocks }], state);
    expect(run([{ type: 'override', key, reason: '  ' }], state).rows[0]!.state).toBe('blocked');
    const refused = run([{ type: 'refused', key, message: 'not on shelf' }], state);
    expect(run([{ type: 'override', key, reason: 'why' }], refused).rows[0]!.state).toBe('refused');
  });

  test.each([
    ['', BLOCK_MESSAGES.reasonRequired],
    ['   ', BLOCK_MESSAGES.reasonRequired],
    ['x'.repeat(201), CHECKOUT_MESSAGES.reasonTooLong],
    ['Exam week', null],
  ])('reason %j: %s', (reason, problem) => expect(overrideReasonProblem(reason)).toBe(problem));

  test('an issue without a reason sends member and copy only', () => {
    expect(issueBody(7, 'ACC-1')).toEqual({ member: 7, copy: 'ACC-1' });
  });

  test('who may override is told nothing more; others are told who can', () => {
    expect(blockAdvice(true)).toBeNull();
    expect(blockAdvice(false)).toBe(BLOCK_MESSAGES.overrideNeeded);
  });
});

describe('a refusal in words', () => {
  test.each([
    ['blocks', failure(400, { member: ['Owes…'], blocks }), { message: CHECKOUT_MESSAGES.blocked, blocks }],
    ['the copy', failure(400, { copy: [COPY_MESSAGES.notAvailable] }), { message: COPY_MESSAGES.notAvailable, blocks: [] }],
    ['a detail', failure(403, { detail: BLOCK_MESSAGES.overrideForbidden }), { message: BLOCK_MESSAGES.overrideForbidden, blocks: [] }],
    ['nothing said', new Error('offline'), { message: CHECKOUT_MESSAGES.issueFailed, blocks: [] }],
  ])('%s', (_t, fail, expected) => expect(readRefusal(fail)).toEqual(expected));
});

describe('the checkout shortcut', () => {
  test('Alt+C asks for the Issue Book page with the session focused', async () => {
    const { DESK_SHORTCUTS, asksForDialog, dialogHref, shortcutDialog } = await import('../../../src/lib/desk-shortcuts');
    expect(shortcutDialog({ altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, code: 'KeyC' })).toBe('checkout');
    expect(shortcutDialog({ altKey: true, ctrlKey: true, metaKey: false, shiftKey: false, code: 'KeyC' })).toBeNull();
    expect(DESK_SHORTCUTS.checkout).toMatchObject({ keys: 'Alt+C', routeId: 'book-issue' });
    expect(dialogHref('/dashboard/books/issue', 'checkout')).toBe('/dashboard/books/issue?dialog=checkout');
    expect(asksForDialog('?dialog=checkout', 'checkout')).toBe(true);
  });
});
