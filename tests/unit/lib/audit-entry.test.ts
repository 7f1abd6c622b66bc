/** An audit entry as the Audit Trail's dialog and table show it: sentence, facts, labelled changes, raw record. */
import { describe, expect, test } from 'vitest';
import { changeInWords } from '../../../src/lib/audit-change';
import { auditEntryView, entrySentence } from '../../../src/lib/audit-entry';

const format = { timezone: 'Asia/Karachi', date_format: 'DD/MM/YYYY', time_format: '24hr' };
const row = {
  id: 42,
  created_at: '2026-03-08T07:00:00.000Z',
  actor: 'Sara Staff',
  user: 'sara',
  action: 'BOOK_RETURNED',
  entity: 'loan',
  entity_id: '7',
  record: 'Moby-Dick (ACC-00042)',
  member: 'Sara Member',
  sentence: null,
  before: JSON.stringify({ status: 'ISSUED', returned_at: null }),
  after: JSON.stringify({ status: 'RETURNED', returned_at: '2026-03-08', fine: 125000, collected: 125000, receipt_no: 'R-1' }),
};

describe('an audit entry opened', () => {
  test('reads as its sentence with money in rupees; facts name who, when and the record', () => {
    const view = auditEntryView(row, format);
    expect(view.heading).toBe('Returned a book · entry 42');
    expect(view.sentence).toBe('Sara Staff took back Moby-Dick (ACC-00042) from Sara Member, fine Rs. 1,250.00, collected Rs. 1,250.00 (receipt R-1)');
    expect(view.facts).toEqual([
      ['When', '08/03/2026 12:00'],
      ['Who', 'Sara Staff (sara)'],
      ['Record', 'Moby-Dick (ACC-00042) · loan #7'],
    ]);
  });

  test('lists only the changed fields, labelled, money and dates formatted; the raw record pretty-printed', () => {
    const view = auditEntryView(row, format);
    expect(view.changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Status', 'ISSUED', 'RETURNED'],
      ['Returned on', '—', '08/03/2026'],
      ['Fine', '—', 'Rs. 1,250.00'],
      ['Collected', '—', 'Rs. 1,250.00'],
      ['Receipt number', '—', 'R-1'],
    ]);
    expect(view.raw.after).toContain('"fine": 125000');
    expect(view.raw.before).toContain('"status": "ISSUED"');
  });

  test('takes the server sentence when the answer has one', () => {
    expect(entrySentence({ ...row, sentence: 'From the server' }, format)).toBe('From the server');
  });

  test.each([
    [{ before: '{"due_date":"2026-03-01"}', after: '{"due_date":"2026-03-09"}' }, 'Changed Due date'],
    [{ before: null, after: '{"title":"Dune","price":100,"isbn":"1","author":"F"}' }, 'After: Title, Price, ISBN +1'],
    [{ before: '{"a":1}', after: '{"a":1}' }, 'No field changed'],
    [{ before: null, after: null }, '—'],
  ])('sums up a change %j as “%s”', (change, words) => {
    expect(changeInWords({ ...row, ...change })).toBe(words);
  });
});
