/**
 * The Audit Trail's sentences: every listed action reads as who did what to which record, named;
 * money in rupees from minor units, dates in the library's date format; a deleted record named
 * from the entry's snapshots.
 */
import { describe, expect, test } from 'vitest';
import { AUDIT_ACTIONS } from '#shared/audit-actions';
import { auditSentence, hasSentence, snapshotLabel, type AuditFacts } from '#shared/audit-sentences';

const facts = (over: Partial<AuditFacts>): AuditFacts => ({ action: 'BOOK_ISSUED', actor: 'Sara Staff', record: null, member: null, entity: 'loan', entity_id: '7', before: null, after: null, ...over });

describe('audit sentences', () => {
  test('every listed action has a sentence of its own that names the actor', () => {
    expect(AUDIT_ACTIONS.filter((action) => !hasSentence(action))).toEqual([]);
    for (const action of AUDIT_ACTIONS) {
      const sentence = auditSentence(facts({ action, record: 'Moby-Dick (ACC-00042)', member: 'Sara Member' }));
      expect(sentence, action).toMatch(/^Sara Staff [a-z]/);
      expect(sentence, action).not.toMatch(/undefined|null|NaN|\[object/);
    }
  });

  test('an issue names the book, its accession number, the member and the due date in the library format', () => {
    const sentence = auditSentence(facts({ record: 'Moby-Dick (ACC-00042)', member: 'Sara Member', after: '{"due_date":"2026-12-10","title":"Moby-Dick"}' }), { date_format: 'DD/MM/YYYY' });
    expect(sentence).toBe('Sara Staff issued Moby-Dick (ACC-00042) to Sara Member, due 10/12/2026');
  });

  test('a collection reads in rupees from minor units with its receipt', () => {
    const after = JSON.stringify({ receipt_no: 'R-000123', cash: 125000, discount: 0 });
    expect(auditSentence(facts({ action: 'FINE_COLLECTED', entity: 'member', record: 'Sara Member', member: 'Sara Member', after }))).toBe('Sara Staff collected Rs. 1,250.00 from Sara Member (receipt R-000123)');
  });

  test('a return with a fine says the fine, what was collected and the receipt', () => {
    const after = { status: 'RETURNED', fine: 2000, collected: 1500, discount: 500, receipt_no: 'R-1' };
    expect(auditSentence(facts({ action: 'BOOK_RETURNED', record: 'Dune (ACC-1)', member: 'Bob Member', after }))).toBe('Sara Staff took back Dune (ACC-1) from Bob Member, fine Rs. 20.00, collected Rs. 15.00 (receipt R-1)');
  });

  test.each([
    ['MM/DD/YYYY', 'from 12/03/2026 to 12/10/2026'],
    ['DD/MM/YYYY', 'from 03/12/2026 to 10/12/2026'],
  ])('a due date change reads in %s', (format, words) => {
    const sentence = auditSentence(facts({ action: 'LOAN_DUE_DATE_CHANGED', record: 'Dune', member: 'Bob', before: { due_date: '2026-12-03' }, after: { due_date: '2026-12-10' } }), { date_format: format });
    expect(sentence).toContain(words);
  });

  test('a deleted record is named from its snapshot, else by its kind and id', () => {
    expect(auditSentence(facts({ action: 'BOOK_DELETED', entity: 'book', before: { title: 'Gone Book' } }))).toBe('Sara Staff deleted the book Gone Book');
    expect(auditSentence(facts({ action: 'PLAN_DELETED', entity: 'membership_plan', entity_id: '4' }))).toBe('Sara Staff deleted the membership plan plan #4');
    expect(auditSentence(facts({ action: 'BOOK_ISSUED' }))).toBe('Sara Staff issued loan #7 to a member');
  });

  test('the library acts when no one did; one acting on his own account reads "their"', () => {
    expect(auditSentence(facts({ action: 'RESERVATION_EXPIRED', actor: null, entity: 'reservation', record: 'Dune', member: 'Bob' }))).toBe('The library ended the hold on Dune for Bob (not collected in time)');
    expect(auditSentence(facts({ action: 'EMAIL_VERIFIED', actor: 'Bob Member', entity: 'user', record: 'Bob Member' }))).toBe('Bob Member verified their e-mail address');
    expect(auditSentence(facts({ action: 'RESERVATION_CREATED', actor: 'Bob Member', entity: 'reservation', record: 'Dune', member: 'Bob Member' }))).toBe('Bob Member reserved Dune');
  });

  test('a reference change and an unknown action still read as a sentence', () => {
    expect(auditSentence(facts({ action: 'SESSION_DELETED', entity: 'academic_session', record: '2025-26' }))).toBe('Sara Staff deleted the academic session 2025-26');
    expect(auditSentence(facts({ action: 'SOMETHING_NEW' }))).toBe('Sara Staff did “SOMETHING_NEW”');
  });

  test.each([
    [{ title: 'Dune', accession_no: 'ACC-9' }, 'Dune (ACC-9)'],
    [{ first_name: 'Sara', last_name: 'Member', username: 'sara' }, 'Sara Member'],
    [{ username: 'sara' }, 'sara'],
    [{ name: 'Six months' }, 'Six months'],
    [{}, null],
  ])('names a snapshot %j as %s', (snapshot, label) => {
    expect(snapshotLabel(snapshot)).toBe(label);
  });
});
