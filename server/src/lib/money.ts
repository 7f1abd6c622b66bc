/**
 * Money travels as decimal strings ("10.00") and is stored as integer minor units (1000): the one
 * implementation is the site's src/lib/money.ts, shared with the server.
 */
export { AMOUNT_MESSAGES, readAmount, toDecimalString as formatMoney, toMinorUnits } from '../../../src/lib/money.js';
