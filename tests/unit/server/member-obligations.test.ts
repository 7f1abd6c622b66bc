import { describe, expect, test } from 'vitest';
import { deletionBlock } from '../../../server/src/modules/members/obligations.js';
import { formatMoney } from '#shared/money';

describe('deletionBlock', () => {
  test.each([
    [{ booksOut: 0, finesOwed: 0 }, undefined],
    [{ booksOut: 1, finesOwed: 0 }, 'This member has 1 book out; return the books and settle the fines before deleting the account.'],
    [{ booksOut: 3, finesOwed: 0 }, 'This member has 3 books out; return the books and settle the fines before deleting the account.'],
    [{ booksOut: 0, finesOwed: 15000 }, `This member owes ${formatMoney(15000)} in fines; return the books and settle the fines before deleting the account.`],
    [{ booksOut: 2, finesOwed: 50 }, `This member has 2 books out and owes ${formatMoney(50)} in fines; return the books and settle the fines before deleting the account.`],
  ])('refuses deletion of %j with the reason', (obligations, reason) => {
    expect(deletionBlock(obligations, formatMoney)).toBe(reason);
  });
});
