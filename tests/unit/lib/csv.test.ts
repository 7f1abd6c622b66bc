import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { neutraliseCell, toCsv, toCsvRows } from '#shared/csv';

describe('CSV writing neutralises formulas', () => {
  test.each([
    ['=1+1', "'=1+1"],
    ['+44 20', "'+44 20"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', "\r'=cmd"],
    ['plain text', 'plain text'],
    ['a = b', 'a = b'],
    ['', ''],
    ['line one\n=cmd|calc', "line one\n'=cmd|calc"],
    ['one\r\n+two\r\nthree\n-four', "one\r\n'+two\r\nthree\n'-four"],
  ])('%o is written as %o', (cell, safe) => {
    expect(neutraliseCell(cell)).toBe(safe);
  });

  test('toCsv neutralises header and cells, quotes and ends lines with CRLF', () => {
    const csv = toCsv(['title', '=evil'], [['A "quoted", title', 'ok\n@bad']]);
    expect(csv).toBe(`title,'=evil\r\n"A ""quoted"", title","ok\n'@bad"`);
    expect(Papa.parse<string[]>(csv).data[1]).toEqual(['A "quoted", title', "ok\n'@bad"]);
  });

  test('toCsvRows writes rows without a header, neutralised, CRLF between them and none after the last', () => {
    expect(toCsvRows([['+cmd', '1'], ['=HYPERLINK("x")', 'plain']])).toBe(`'+cmd,1\r\n"'=HYPERLINK(""x"")",plain`);
    expect(toCsvRows([['a', 'b']]) + '\r\n' + toCsvRows([['c', 'd']])).toBe(toCsv(['a', 'b'], [['c', 'd']]));
  });
});
