import { describe, expect, test } from 'vitest';
import { lostEstimate, owedText, panelLoans, panelMembership, renewalBody, renewalOffer } from '../../../src/lib/checkout-session-panel';

const loan = (id: number, due: string, extra: Record<string, unknown> = {}) => ({
  issue_id: id,
  issue_date: '2026-11-01',
  due_date: due,
  book: { id: id, title: `Book ${id}`, price: '300.00' },
  copy: { id, accession_no: `ACC-${id}`, barcode: `ACC-${id}` },
  ...extra,
});
const member = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  username: 'ann',
  state: 'active',
  plan: { id: 1, name: 'Student', fee: '500.00', validity_months: 12 },
  membership_start: '2025-12-01',
  membership_expires: '2026-11-30',
  ...extra,
});

describe('the member panel', () => {
  test('loans soonest due first, overdue as the server judged it, dates in the library format', () => {
    const rows = panelLoans([loan(2, '2026-12-10', { overdue: false }), loan(1, '2026-11-20', { late_days: 7 })], 'DD/MM/YYYY');
    expect(rows.map((r) => [r.id, r.due, r.overdue, r.accessionNo])).toEqual([
      ['1', '20/11/2026', true, 'ACC-1'],
      ['2', '10/12/2026', false, 'ACC-2'],
    ]);
  });

  test.each([
    ['1250.00', 'Rs. 1,250.00'],
    ['0.00', 'Nothing'],
    [null, 'Nothing'],
  ])('owes %j: %s', (owed, text) => expect(owedText(owed)).toBe(text));

  test('membership in words', () => {
    expect(panelMembership({ member: member() } as never, '2026-11-27', 'DD/MM/YYYY')).toBe('Valid until 30/11/2026');
    expect(panelMembership({ member: member({ membership_expires: '2026-11-01' }) } as never, '2026-11-27', 'DD/MM/YYYY')).toBe('Expired on 01/11/2026');
  });
});

describe('renew membership', () => {
  test('a running membership is extended from its expiry; the fee is collected only when allowed and asked', () => {
    const offer = renewalOffer({ member: member() } as never, '2026-11-27', true, 'YYYY-MM-DD')!;
    expect(offer).toEqual({ newExpires: '2027-11-30', newExpiresText: '2027-11-30', fee: 50000, feeText: 'Rs. 500.00', collectable: true });
    expect(renewalBody(offer, true)).toEqual({ collected: '500.00' });
    expect(renewalBody(offer, false)).toEqual({});
    const noCollector = renewalOffer({ member: member() } as never, '2026-11-27', false)!;
    expect(renewalBody(noCollector, true)).toEqual({});
  });

  test('an expired membership starts again today; none yet or no plan offers nothing', () => {
    expect(renewalOffer({ member: member({ membership_expires: '2026-01-31' }) } as never, '2026-11-27', false)!.newExpires).toBe('2027-11-26');
    expect(renewalOffer({ member: member({ membership_expires: null }) } as never, '2026-11-27', true)).toBeNull();
    expect(renewalOffer({ member: member({ plan: null }) } as never, '2026-11-27', true)).toBeNull();
  });
});

describe('mark lost', () => {
  test('confirms the overdue fine so far, the price and the processing fee', () => {
    expect(lostEstimate({ fine_amount: '20.00', book: { id: 1, title: 'x', price: '300.00' } }, '50.00')).toEqual({ total: 37000, text: 'Rs. 370.00', parts: 'price Rs. 300.00 + processing Rs. 50.00 + overdue Rs. 20.00' });
    expect(lostEstimate({ fine_amount: null, book: { id: 1, title: 'x', price: null } }, null).text).toBe('Rs. 0.00');
  });
});
