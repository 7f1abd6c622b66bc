import { describe, expect, test } from 'vitest';
import { COPY_STATUSES, MANUAL_TRANSITIONS, type CopyStatus } from '#shared/copies';
import {
  actionNeedsReason,
  barcodeDiffers,
  copyCallError,
  copyAcquisitionText,
  copyHoldText,
  copyLoanText,
  copyMemberName,
  copyRowOffer,
  copyStatusBadge,
  copyStatusDetail,
  statusActionsFor,
} from '../../src/lib/book-copies';
import type { CopyView } from '../../src/lib/schemas/copies';

const member = {
  id: 7,
  username: 'sana',
  full_name: 'Sana Khan',
  member_id: 'MBR-0042',
};

describe('the status actions a copy offers', () => {
  test.each<[CopyStatus, string[]]>([
    ['AVAILABLE', ['Mark damaged', 'Mark missing', 'Mark lost', 'Withdraw']],
    ['DAMAGED', ['Mark repaired', 'Mark lost', 'Withdraw']],
    ['MISSING', ['Found', 'Mark lost', 'Withdraw']],
    ['LOST', ['Found', 'Withdraw']],
    ['WITHDRAWN', ['Reinstate']],
    ['ON_LOAN', []],
    ['ON_HOLD', []],
  ])('a copy %s offers %j', (status, labels) => {
    expect(statusActionsFor(status).map((action) => action.label)).toEqual(labels);
  });

  test('every action offered is a change the shared transitions allow', () => {
    for (const status of COPY_STATUSES) {
      for (const action of statusActionsFor(status)) expect(MANUAL_TRANSITIONS[status]).toContain(action.to);
    }
  });

  test('a reason is asked for every action except a return to the shelf', () => {
    const asked = Object.fromEntries(
      statusActionsFor('AVAILABLE')
        .concat(statusActionsFor('DAMAGED'), statusActionsFor('LOST'))
        .map((a) => [a.id, actionNeedsReason(a)]),
    );
    expect(asked).toEqual({
      damaged: true,
      missing: true,
      lost: true,
      withdraw: true,
      repaired: false,
      found: false,
    });
  });

  test('without change_book a row offers only the history', () => {
    expect(copyRowOffer({ status: 'AVAILABLE' }, { change: false })).toEqual({
      edit: false,
      statusActions: [],
      history: true,
      damage: false,
    });
    const offer = copyRowOffer({ status: 'AVAILABLE' }, { change: true });
    expect(offer.edit).toBe(true);
    expect(offer.statusActions).toHaveLength(4);
  });

  test('a damage charge is offered to fine collectors on a copy in hand, out or damaged, never on one lost, missing, held or withdrawn', () => {
    expect(copyRowOffer({ status: 'ON_LOAN' }, { change: false, charge: true }).damage).toBe(true);
    expect(copyRowOffer({ status: 'DAMAGED' }, { change: true, charge: true }).damage).toBe(true);
    expect(copyRowOffer({ status: 'AVAILABLE' }, { change: true, charge: false }).damage).toBe(false);
    for (const status of ['LOST', 'MISSING', 'ON_HOLD', 'WITHDRAWN'] as const) expect(copyRowOffer({ status }, { change: true, charge: true }).damage).toBe(false);
  });
});

describe("a copy's cells", () => {
  test('names a member with his number, else his username', () => {
    expect(copyMemberName(member)).toBe('Sana Khan (MBR-0042)');
    expect(
      copyMemberName({
        id: 3,
        username: 'ali',
        full_name: ' ',
        member_id: null,
      }),
    ).toBe('ali');
    expect(copyMemberName(null)).toBe('—');
  });

  test.each<[CopyStatus, string, string]>([
    ['AVAILABLE', 'Available', 'success'],
    ['ON_LOAN', 'On loan', 'warning'],
    ['DAMAGED', 'Damaged / in repair', 'danger'],
    ['WITHDRAWN', 'Withdrawn', 'neutral'],
  ])('the badge of %s says %s', (status, text, tone) => {
    expect(copyStatusBadge(status)).toEqual({ text, tone });
  });

  test('shows the barcode only when it differs from the accession number', () => {
    expect(barcodeDiffers({ barcode: 'ACC-00001', accession_no: 'ACC-00001' })).toBe(false);
    expect(barcodeDiffers({ barcode: 'BC-9', accession_no: 'ACC-00001' })).toBe(true);
    expect(barcodeDiffers({ barcode: null, accession_no: 'ACC-00001' })).toBe(false);
  });

  test('says who has the copy and marks an overdue loan', () => {
    const loan = {
      id: 1,
      member,
      issue_date: '2026-11-01',
      due_date: '2026-11-15',
      overdue: false,
    };
    expect(copyLoanText({ loan }, 'DD/MM/YYYY')).toEqual({
      who: 'Sana Khan (MBR-0042)',
      due: 'Due 15/11/2026',
      overdue: false,
    });
    expect(copyLoanText({ loan: { ...loan, overdue: true } }, 'YYYY-MM-DD')).toEqual({
      who: 'Sana Khan (MBR-0042)',
      due: 'Due 2026-11-15',
      overdue: true,
    });
    expect(copyLoanText({ loan: null }, 'DD/MM/YYYY')).toBeNull();
  });

  test('says whom a copy is held for and until when', () => {
    expect(copyHoldText({ hold: { reservation_id: 4, member, hold_until: '2026-11-20' } }, 'DD/MM/YYYY')).toBe(
      'Held for Sana Khan (MBR-0042) until 20/11/2026',
    );
    expect(copyHoldText({ hold: null }, 'DD/MM/YYYY')).toBeNull();
  });

  test("writes the acquisition line, the book's price said so", () => {
    const copy = {
      source: 'DONATION',
      acquired_on: '2026-01-05',
      price: '120.00',
      effective_price: '120.00',
    } as const;
    expect(copyAcquisitionText(copy, 'DD/MM/YYYY')).toBe('Donation · 05/01/2026 · Rs. 120.00');
    expect(
      copyAcquisitionText(
        {
          source: null,
          acquired_on: null,
          price: null,
          effective_price: '300.00',
        },
        'DD/MM/YYYY',
      ),
    ).toBe("Rs. 300.00 (book's price)");
    expect(copyAcquisitionText({ source: null, acquired_on: null, price: null, effective_price: null }, 'DD/MM/YYYY')).toBe('—');
  });

  test('gives a withdrawn copy its date and reason', () => {
    const copy: Pick<CopyView, 'status' | 'status_reason' | 'withdrawn_on'> = {
      status: 'WITHDRAWN',
      status_reason: 'Worn out',
      withdrawn_on: '2026-11-27',
    };
    expect(copyStatusDetail(copy, 'DD/MM/YYYY')).toBe('on 27/11/2026: Worn out');
    expect(
      copyStatusDetail(
        {
          status: 'DAMAGED',
          status_reason: 'Spine broken',
          withdrawn_on: null,
        },
        'DD/MM/YYYY',
      ),
    ).toBe('Spine broken');
    expect(copyStatusDetail({ status: 'AVAILABLE', status_reason: null, withdrawn_on: null }, 'DD/MM/YYYY')).toBeNull();
  });
});

describe('a failed copy call', () => {
  const answer = (status: number, data: unknown) => ({ status, statusText: '', data });

  test.each([
    ['the detail first', answer(404, { detail: 'Not found.' }), 'Not found.'],
    ['then non_field_errors', answer(400, { non_field_errors: ['Give either a count or accession numbers, not both.'] }), 'Give either a count or accession numbers, not both.'],
    ['then a refused status change (no field of its own)', answer(400, { status: ['A copy that is withdrawn cannot be marked damaged / in repair.'] }), 'A copy that is withdrawn cannot be marked damaged / in repair.'],
    ['else the call’s sentence', answer(500, '<html/>'), 'The copy could not be saved.'],
  ])('says %s', (_, failure, expected) => {
    expect(copyCallError(failure, 'save')).toBe(expected);
  });
});
