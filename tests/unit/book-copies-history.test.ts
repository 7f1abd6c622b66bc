import { describe, expect, test } from 'vitest';
import { copyHistoryRows } from '../../src/lib/book-copies-history';
import type { CopyHistoryEntry } from '../../src/lib/schemas/copies';

const member = {
  id: 7,
  username: 'sana',
  full_name: 'Sana Khan',
  member_id: 'MBR-0042',
};
const FORMAT = {
  timezone: 'Asia/Kolkata',
  date_format: 'DD/MM/YYYY',
  time_format: '12hr',
};

describe("a copy's history in words", () => {
  test('each loan, hold and status change is one row, dates in the library format', () => {
    const entries: CopyHistoryEntry[] = [
      {
        at: '2026-11-20T09:00:00.000Z',
        kind: 'status',
        from_status: 'DAMAGED',
        to_status: 'AVAILABLE',
        reason: null,
        user: { id: 1, name: 'admin' },
      },
      {
        at: '2026-11-18T09:00:00.000Z',
        kind: 'status',
        from_status: 'AVAILABLE',
        to_status: 'DAMAGED',
        reason: 'Spine broken',
        user: null,
      },
      {
        at: '2026-11-10T05:00:00.000Z',
        kind: 'hold',
        reservation_id: 4,
        member,
        status: 'ISSUED',
        hold_until: '2026-11-13',
      },
      {
        at: '2026-11-01T05:00:00.000Z',
        kind: 'loan',
        loan_id: 9,
        member,
        issue_date: '2026-11-01',
        due_date: '2026-11-15',
        returned_at: '2026-11-10',
        status: 'RETURNED',
      },
      {
        at: '2026-10-01T05:00:00.000Z',
        kind: 'loan',
        loan_id: 8,
        member: null,
        issue_date: '2026-10-01',
        due_date: '2026-10-15',
        returned_at: null,
        status: 'ISSUED',
      },
    ];
    expect(
      copyHistoryRows(entries, FORMAT).map(({ at, kind, what, detail }) => ({
        at,
        kind,
        what,
        detail,
      })),
    ).toEqual([
      {
        at: '20/11/2026 2:30 PM',
        kind: 'Status',
        what: 'Available',
        detail: 'Was damaged / in repair · by admin',
      },
      {
        at: '18/11/2026 2:30 PM',
        kind: 'Status',
        what: 'Damaged / in repair',
        detail: 'Was available · reason: Spine broken',
      },
      {
        at: '10/11/2026 10:30 AM',
        kind: 'Hold',
        what: 'Held for Sana Khan (MBR-0042)',
        detail: 'Picked up · pick up by 13/11/2026',
      },
      {
        at: '01/11/2026 10:30 AM',
        kind: 'Loan',
        what: 'Lent to Sana Khan (MBR-0042)',
        detail: 'Issued 01/11/2026 · due 15/11/2026 · returned 10/11/2026',
      },
      {
        at: '01/10/2026 10:30 AM',
        kind: 'Loan',
        what: 'Lent to —',
        detail: 'Issued 01/10/2026 · due 15/10/2026 · still out',
      },
    ]);
  });

  test('a loan ended as lost says so beside its end', () => {
    const [row] = copyHistoryRows(
      [
        {
          at: '2026-11-01T05:00:00.000Z',
          kind: 'loan',
          loan_id: 9,
          member,
          issue_date: '2026-11-01',
          due_date: '2026-11-15',
          returned_at: '2026-11-20',
          status: 'LOST',
        },
      ],
      FORMAT,
    );
    expect(row!.detail).toBe('Issued 01/11/2026 · due 15/11/2026 · returned 20/11/2026 · lost');
  });

  test('every row has its own key', () => {
    const same: CopyHistoryEntry = {
      at: '2026-11-20T09:00:00.000Z',
      kind: 'status',
      from_status: 'AVAILABLE',
      to_status: 'LOST',
      reason: 'x',
      user: null,
    };
    const keys = copyHistoryRows([same, same], FORMAT).map((row) => row.key);
    expect(new Set(keys).size).toBe(2);
  });
});
