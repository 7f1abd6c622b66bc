import { describe, expect, test } from 'vitest';
import { cellText, columnText, figureText, snapshotSummary } from '../../../src/lib/report-cells';

const karachi = { timezone: 'Asia/Karachi', date_format: 'DD/MM/YYYY', time_format: '12hr' };

describe('cells by column kind', () => {
  test.each([
    ['1250.5', 'money', 'Rs. 1,250.50'],
    [0, 'money', 'Rs. 0.00'],
    ['-2.5', 'money', '-Rs. 2.50'],
    ['2026-11-05', 'date', '05/11/2026'],
    ['2026-11-25T21:30:00Z', 'moment', '26/11/2026 2:30 AM'],
    ['not a time', 'moment', '—'],
    [12345, 'count', '12,345'],
    ['12', 'count', '12'],
    ['Dune', 'text', 'Dune'],
    [true, 'text', 'Yes'],
    [null, 'money', '—'],
    ['', 'text', '—'],
    [undefined, 'date', '—'],
    ['{"title":"Dune","price":"10.00","author":"F","isbn":"1"}', 'json', 'title, price, author +1'],
  ] as const)('%j as %s reads %j', (value, kind, expected) => {
    expect(cellText(value, kind, karachi)).toBe(expected);
  });

  test.each([
    ['2026-11-26', '26/11/2026'],
    ['2026-11', 'Nov 2026'],
    ['2026-W48', 'Week 48, 2026'],
    [null, '—'],
  ])('a period %j reads %j', (value, expected) => {
    expect(columnText({ key: 'period', kind: 'text' }, value, karachi)).toBe(expected);
    expect(columnText({ key: 'title', kind: 'text' }, 'Dune', karachi)).toBe('Dune');
  });

  test('dates follow the library format', () => {
    expect(cellText('2026-11-05', 'date', { date_format: 'MM/DD/YYYY' })).toBe('11/05/2026');
    expect(cellText('2026-11-05', 'date', { date_format: 'YYYY-MM-DD' })).toBe('2026-11-05');
  });

  test.each([
    [{ kind: 'money', value: '5000' }, 'Rs. 5,000.00'],
    [{ kind: 'count', value: 1234 }, '1,234'],
    [{ kind: 'count', value: '7' }, '7'],
  ] as const)('figure %o reads %s', (figure, expected) => {
    expect(figureText(figure)).toBe(expected);
  });
});

describe('audit snapshots', () => {
  test('a snapshot cell names its fields, the first few only', () => {
    expect(snapshotSummary(JSON.stringify({ title: 'Dune', price: '10.00', copies: 2, rack_no: 'A1' }))).toBe('title, price, copies +1');
    expect(snapshotSummary(null)).toBe('—');
  });

  test('snapshots that are not JSON objects still read', () => {
    expect(snapshotSummary('plain words')).toBe('value');
  });
});
