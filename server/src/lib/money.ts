/** Money travels as decimal strings ("10.00") and is stored as integer minor units (1000). */

/** 1000 → "10.00"; -250 → "-2.50". */
export function formatMoney(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minorUnits));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
