import { describe, expect, test } from 'vitest';
import { BLOCK_MESSAGES, blocksText, evaluateBlocks, type BlockSettings, type MemberStanding } from '#shared/blocks';

const OFF: BlockSettings = { finesOver: 0, overdueCount: null, overdueDays: null, membershipExpired: false };
const CLEAN: MemberStanding = { state: 'active', owed: 0, overdueLoans: 0, mostDaysOverdue: 0, membershipExpires: '2027-06-30', openLoans: 0, loanLimit: 5, today: '2026-11-27' };
const codes = (standing: Partial<MemberStanding>, settings: Partial<BlockSettings> = {}, action: 'issue' | 'renew' = 'issue') =>
  evaluateBlocks({ ...CLEAN, ...standing }, { ...OFF, ...settings }, action).map((b) => b.code);

describe('blocks', () => {
  test('a member in good standing has none, whatever the settings', () => {
    expect(codes({}, { finesOver: 50000, overdueCount: 0, overdueDays: 0, membershipExpired: true })).toEqual([]);
  });

  test('fines: 0 means no block; owing exactly the limit is allowed, one paisa over blocks, in words', () => {
    expect(codes({ owed: 125000 })).toEqual([]);
    expect(codes({ owed: 50000 }, { finesOver: 50000 })).toEqual([]);
    expect(codes({ owed: 50001 }, { finesOver: 50000 })).toEqual(['fines']);
    const [block] = evaluateBlocks({ ...CLEAN, owed: 125000 }, { ...OFF, finesOver: 50000 });
    expect(block!.reason).toBe('Owes Rs. 1,250.00 — over the Rs. 500.00 limit.');
  });

  test('overdue loans: more than the number blocks; null is off and 0 blocks any overdue loan', () => {
    expect(codes({ overdueLoans: 3 })).toEqual([]);
    expect(codes({ overdueLoans: 2 }, { overdueCount: 2 })).toEqual([]);
    expect(codes({ overdueLoans: 3 }, { overdueCount: 2 })).toEqual(['overdue_count']);
    expect(codes({ overdueLoans: 1 }, { overdueCount: 0 })).toEqual(['overdue_count']);
  });

  test('days overdue: more than the number of days blocks', () => {
    expect(codes({ mostDaysOverdue: 30 }, { overdueDays: 30 })).toEqual([]);
    expect(codes({ mostDaysOverdue: 31 }, { overdueDays: 30 })).toEqual(['overdue_days']);
    expect(evaluateBlocks({ ...CLEAN, mostDaysOverdue: 1 }, { ...OFF, overdueDays: 0 })[0]!.reason).toBe('A loan is 1 day overdue — more than 0 days is not allowed.');
  });

  test('an expired membership blocks from the day after its last day, when the setting says so, with the date in the library format', () => {
    expect(codes({ membershipExpires: '2026-11-27' }, { membershipExpired: true })).toEqual([]);
    expect(codes({ membershipExpires: '2026-11-26' }, { membershipExpired: true })).toEqual(['membership_expired']);
    expect(codes({ membershipExpires: '2026-11-26' }, { membershipExpired: false })).toEqual([]);
    expect(codes({ membershipExpires: null }, { membershipExpired: true })).toEqual([]);
    const [block] = evaluateBlocks({ ...CLEAN, membershipExpires: '2026-11-01' }, { ...OFF, membershipExpired: true }, 'issue', 'DD/MM/YYYY');
    expect(block!.reason).toBe('Membership expired on 01/11/2026.');
  });

  test('the loan limit always blocks an issue, in the seed words, but never a renewal', () => {
    expect(codes({ openLoans: 4 })).toEqual([]);
    expect(codes({ openLoans: 5 })).toEqual(['loan_limit']);
    expect(codes({ openLoans: 7 }, {}, 'renew')).toEqual([]);
    expect(evaluateBlocks({ ...CLEAN, openLoans: 5 }, OFF)[0]!.reason).toBe(BLOCK_MESSAGES.limit(5, 5));
  });

  test('an account not active always blocks; pending says so', () => {
    expect(codes({ state: 'disabled' })).toEqual(['account']);
    expect(evaluateBlocks({ ...CLEAN, state: 'pending' }, OFF)[0]!.reason).toBe(BLOCK_MESSAGES.pending);
    expect(evaluateBlocks({ ...CLEAN, state: 'disabled' }, OFF)[0]!.reason).toBe(BLOCK_MESSAGES.inactive);
  });

  test('several blocks are listed in a fixed order and read as one paragraph', () => {
    const blocks = evaluateBlocks(
      { ...CLEAN, state: 'disabled', owed: 100000, overdueLoans: 2, mostDaysOverdue: 40, membershipExpires: '2026-01-01', openLoans: 5 },
      { finesOver: 100, overdueCount: 1, overdueDays: 10, membershipExpired: true },
    );
    expect(blocks.map((b) => b.code)).toEqual(['account', 'membership_expired', 'fines', 'overdue_count', 'overdue_days', 'loan_limit']);
    expect(blocksText(blocks.slice(0, 2))).toBe(`${blocks[0]!.reason} ${blocks[1]!.reason}`);
  });
});
