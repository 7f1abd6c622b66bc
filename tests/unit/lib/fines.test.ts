import { describe, expect, test } from 'vitest';
import { todayIn } from '#shared/dates';
import { OPEN_EVERY_DAY, type LibraryCalendar } from '#shared/dates';
import {
  accruedFine,
  autoDiscountFor,
  chargeableLateDays,
  computeFine,
  fineCharges,
  lateDays,
  overdueFineFor,
  settle,
  settlementProblem,
  spreadCollection,
  type SettlementInput,
} from '#shared/fines';

const RATE = 1000; // Rs. 10 a day
const PRICE = 125_000; // Rs. 1,250.00

describe('late days: whole days from the due date to the return date, never negative', () => {
  test.each([
    ['returned early', '2026-03-10', '2026-03-05', 0],
    ['due today', '2026-03-10', '2026-03-10', 0],
    ['one day late', '2026-03-10', '2026-03-11', 1],
    ['across a month end', '2026-01-30', '2026-02-02', 3],
    ['leap day counted (2028)', '2028-02-28', '2028-03-01', 2],
    ['no leap day (2027)', '2027-02-28', '2027-03-01', 1],
    ['across a year end', '2026-12-31', '2027-01-01', 1],
    ['across the spring DST change in Europe', '2026-03-28', '2026-03-30', 2],
    ['a timestamp is read as its calendar date', '2026-03-10T23:59:59Z', '2026-03-11T00:00:01Z', 1],
  ])('%s', (_case, due, returned, days) => {
    expect(lateDays(due, returned)).toBe(days);
  });

  test('a value that is not a date is refused, not read as 0', () => {
    expect(() => lateDays('2026-02-30', '2026-03-01')).toThrow(RangeError);
  });
});

describe('the fine of a return', () => {
  test.each([
    // [case, due, returned, lost, total, overdue, price]
    ['on time, returned', '2026-03-10', '2026-03-10', false, 0, 0, null],
    ['one day late, returned', '2026-03-10', '2026-03-11', false, 1000, 1000, null],
    ['seven days late, returned', '2026-03-10', '2026-03-17', false, 7000, 7000, null],
    ['lost on time: the price alone', '2026-03-10', '2026-03-09', true, PRICE, 0, PRICE],
    ['lost on the due date: the price alone', '2026-03-10', '2026-03-10', true, PRICE, 0, PRICE],
    ['lost three days late: late fine plus price', '2026-03-10', '2026-03-13', true, 3000 + PRICE, 3000, PRICE],
  ])('%s', (_case, dueDate, returnDate, lost, total, overdueFine, bookPrice) => {
    const fine = computeFine({ dueDate, returnDate, finePerDay: RATE, bookPrice: PRICE, lost });
    expect(fine).toEqual({ lateDays: fine.lateDays, overdueFine, bookPrice, processingFee: null, total });
  });

  test('odd rates and prices stay exact in minor units (no floating-point drift)', () => {
    // Rs. 0.10 a day for 3 days is Rs. 0.30 exactly; 0.1 * 3 in floating point is 0.30000000000000004.
    expect(computeFine({ dueDate: '2026-01-01', returnDate: '2026-01-04', finePerDay: 10, bookPrice: 0, lost: false }).total).toBe(30);
    expect(computeFine({ dueDate: '2026-01-01', returnDate: '2026-01-04', finePerDay: 10, bookPrice: 1, lost: true }).total).toBe(31);
  });

  test('an open loan accrues the fine it would cost returned today', () => {
    expect(accruedFine('2026-03-10', '2026-03-12', RATE)).toBe(2000);
    expect(accruedFine('2026-03-10', '2026-03-01', RATE)).toBe(0);
  });

  test("around midnight the library's own date decides: 23:30 in Karachi is already the next day there", () => {
    // 2026-03-10T19:30Z is 2026-03-11 00:30 in Karachi (UTC+5) and still 2026-03-10 in London.
    const instant = new Date('2026-03-10T19:30:00Z');
    expect(lateDays('2026-03-10', todayIn('Asia/Karachi', instant))).toBe(1);
    expect(lateDays('2026-03-10', todayIn('Europe/London', instant))).toBe(0);
    // 23:59 in Honolulu (UTC−10) is 09:59 the next day in UTC: Honolulu's date is still the due date.
    expect(lateDays('2026-03-10', todayIn('Pacific/Honolulu', new Date('2026-03-11T09:59:00Z')))).toBe(0);
  });
});

describe('settling a fine at the desk', () => {
  const base: SettlementInput = { fine: 5000, fineCollected: false, partialPayment: false, amountReceived: 0, discount: 0, autoDiscount: false };

  test.each<[string, Partial<SettlementInput>, { collected: number; discount: number; remaining: number }]>([
    ['nothing ticked: nothing collected, all owed', {}, { collected: 0, discount: 0, remaining: 5000 }],
    ['Fine Collected: the whole fine', { fineCollected: true }, { collected: 5000, discount: 0, remaining: 0 }],
    ['Partial Payment: the amount received', { partialPayment: true, amountReceived: 2000 }, { collected: 2000, discount: 0, remaining: 3000 }],
    ['Partial Payment with a discount', { partialPayment: true, amountReceived: 2000, discount: 1000 }, { collected: 2000, discount: 1000, remaining: 2000 }],
    ['Auto Discount: fine minus the amount received', { partialPayment: true, amountReceived: 3500, autoDiscount: true, discount: 99 }, { collected: 3500, discount: 1500, remaining: 0 }],
    ['Auto Discount never goes below 0', { partialPayment: true, amountReceived: 5000, autoDiscount: true }, { collected: 5000, discount: 0, remaining: 0 }],
    ['Fine Collected wins over a stray amount received', { fineCollected: true, amountReceived: 10 }, { collected: 5000, discount: 0, remaining: 0 }],
  ])('%s', (_case, change, expected) => {
    expect(settle({ ...base, ...change })).toEqual(expected);
  });

  test('auto discount is fine minus received, not below 0', () => {
    expect(autoDiscountFor(5000, 1200)).toBe(3800);
    expect(autoDiscountFor(5000, 9000)).toBe(0);
  });

  test.each([
    [{ collected: -1, discount: 0 }, 'Cannot be negative'],
    [{ collected: 0, discount: -5 }, 'Cannot be negative'],
    [{ collected: 4000, discount: 1001 }, 'Amount received and discount together cannot exceed the fine.'],
    [{ collected: 0.5, discount: 0 }, 'Enter an amount of 0 or more, with at most 2 decimals.'],
    [{ collected: 4000, discount: 1000 }, null],
    [{ collected: 0, discount: 0 }, null],
  ])('settlement %o: %s', (settlement, problem) => {
    expect(settlementProblem(5000, settlement)).toBe(problem);
  });

  test('property: whenever a settlement may be recorded, collected + discount + remaining = fine', () => {
    let seed = 20261125;
    const random = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % (max + 1);
    };
    let checked = 0;
    for (let i = 0; i < 5000; i++) {
      const fine = computeFine({
        dueDate: '2026-01-01',
        returnDate: `2026-01-${String(1 + random(30)).padStart(2, '0')}`,
        finePerDay: random(2000),
        bookPrice: random(300_000),
        lost: random(1) === 1,
      }).total;
      const input: SettlementInput = {
        fine,
        fineCollected: random(2) === 0,
        partialPayment: random(1) === 1,
        amountReceived: random(fine + 500),
        discount: random(fine + 500),
        autoDiscount: random(1) === 1,
      };
      const settlement = settle(input);
      if (settlementProblem(fine, settlement) !== null) {
        expect(settlement.collected + settlement.discount).toBeGreaterThan(fine);
        continue;
      }
      checked++;
      expect(settlement.collected + settlement.discount + settlement.remaining).toBe(fine);
      expect(settlement.remaining).toBeGreaterThanOrEqual(0);
    }
    expect(checked).toBeGreaterThan(2000);
  });
});

describe('spreading a collection over fines, oldest first: discount first, then cash', () => {
  const fines = [
    { id: 1, remaining: 3000 },
    { id: 2, remaining: 2000 },
    { id: 3, remaining: 1000 },
  ];

  test('the discount fills the oldest fines first, then the cash what remains', () => {
    const { shares, unusedCash, unusedDiscount } = spreadCollection(fines, 3500, 2000);
    expect(shares).toEqual([
      { id: 1, discount: 3000, cash: 0, remaining: 0 },
      { id: 2, discount: 500, cash: 1500, remaining: 0 },
      { id: 3, discount: 0, cash: 500, remaining: 500 },
    ]);
    expect([unusedDiscount, unusedCash]).toEqual([0, 0]);
  });

  test('more than is owed is left unused (the server refuses it)', () => {
    const { shares, unusedCash } = spreadCollection(fines, 0, 7000);
    expect(shares.map((s) => s.remaining)).toEqual([0, 0, 0]);
    expect(unusedCash).toBe(1000);
  });

  test('property: the shares add up to what was applied and never exceed a fine', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % (max + 1);
    };
    for (let i = 0; i < 1000; i++) {
      const list = Array.from({ length: 1 + random(6) }, (_, id) => ({ id, remaining: random(5000) }));
      const owed = list.reduce((sum, f) => sum + f.remaining, 0);
      const discount = random(owed);
      const cash = random(owed);
      const { shares, unusedCash, unusedDiscount } = spreadCollection(list, discount, cash);
      const applied = shares.reduce((sum, s) => sum + s.cash + s.discount, 0);
      expect(applied + unusedCash + unusedDiscount).toBe(discount + cash);
      shares.forEach((share, index) => {
        expect(share.cash + share.discount + share.remaining).toBe(list[index]!.remaining);
        expect(share.remaining).toBeGreaterThanOrEqual(0);
      });
    }
  });
});

describe("a plan's cap on one loan's overdue fine", () => {
  test.each<[string, number, number | null | undefined, number]>([
    ['no cap: days × rate', 10, undefined, 10_000],
    ['null is no cap', 10, null, 10_000],
    ['under the cap: days × rate', 3, 5000, 3000],
    ['exactly the cap', 5, 5000, 5000],
    ['over the cap: the cap', 30, 5000, 5000],
    ['a cap of 0 forgives every overdue fine', 30, 0, 0],
  ])('%s', (_case, days, cap, fine) => {
    expect(overdueFineFor(days, RATE, cap)).toBe(fine);
    expect(computeFine({ dueDate: '2026-03-01', returnDate: `2026-03-${String(1 + days).padStart(2, '0')}`, finePerDay: RATE, bookPrice: 0, lost: false, cap }).overdueFine).toBe(fine);
  });

  test('caps the overdue fine only: a lost copy still charges its price and the processing fee', () => {
    const fine = computeFine({ dueDate: '2026-03-01', returnDate: '2026-03-31', finePerDay: RATE, bookPrice: PRICE, lost: true, cap: 5000, processingFee: 2500 });
    expect(fine).toEqual({ lateDays: 30, overdueFine: 5000, bookPrice: PRICE, processingFee: 2500, total: 5000 + PRICE + 2500 });
    expect(fineCharges(fine)).toEqual([
      { feeType: 'overdue', amount: 5000 },
      { feeType: 'lost', amount: PRICE },
      { feeType: 'processing', amount: 2500 },
    ]);
  });

  test('an open loan accrues up to the cap and no further', () => {
    expect(accruedFine('2026-03-01', '2026-03-04', RATE, { cap: 5000 })).toBe(3000);
    expect(accruedFine('2026-03-01', '2026-04-30', RATE, { cap: 5000 })).toBe(5000);
  });
});

describe('closed days and the overdue fine', () => {
  // Closed on Sundays and Saturdays; 2026-03-02 is a Monday, 2026-03-04 (Wednesday) a holiday.
  const calendar: LibraryCalendar = { closedWeekdays: [0, 6], holidays: ['2026-03-04'] };

  test.each<[string, string, string, boolean | undefined, number]>([
    ['counted by default', '2026-03-02', '2026-03-09', undefined, 7],
    ['counted when the setting says so', '2026-03-02', '2026-03-09', true, 7],
    ['skipped: a week late is four open days (the holiday and the weekend left out)', '2026-03-02', '2026-03-09', false, 4],
    ['skipped: due on Friday, back on Monday is one day late', '2026-03-06', '2026-03-09', false, 1],
    ['skipped: back on the Saturday after a Friday due date is not late', '2026-03-06', '2026-03-07', false, 0],
    ['returned early is never late', '2026-03-09', '2026-03-02', false, 0],
  ])('%s', (_case, due, returned, countClosedDays, days) => {
    expect(chargeableLateDays(due, returned, { calendar, countClosedDays })).toBe(days);
    expect(computeFine({ dueDate: due, returnDate: returned, finePerDay: RATE, bookPrice: 0, lost: false, calendar, countClosedDays })).toMatchObject({ lateDays: days, overdueFine: days * RATE });
  });

  test('without a calendar every day counts, whatever the setting', () => {
    expect(chargeableLateDays('2026-03-02', '2026-03-09', { countClosedDays: false })).toBe(7);
    expect(chargeableLateDays('2026-03-02', '2026-03-09', { calendar: OPEN_EVERY_DAY, countClosedDays: false })).toBe(7);
  });

  test('open days are counted before the cap is applied', () => {
    const fine = computeFine({ dueDate: '2026-03-02', returnDate: '2026-03-30', finePerDay: RATE, bookPrice: 0, lost: false, calendar, countClosedDays: false, cap: 15_000 });
    // 28 days late: 20 weekdays, less the holiday = 19 open days = Rs 190, capped at Rs 150.
    expect(fine).toMatchObject({ lateDays: 19, overdueFine: 15_000, total: 15_000 });
    expect(accruedFine('2026-03-02', '2026-03-30', RATE, { calendar, countClosedDays: false, cap: 15_000 })).toBe(15_000);
    expect(accruedFine('2026-03-02', '2026-03-09', RATE, { calendar, countClosedDays: false, cap: 15_000 })).toBe(4000);
  });
});
