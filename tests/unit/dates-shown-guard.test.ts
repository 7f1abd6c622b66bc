/**
 * The dates rule for what a person reads: every date shown goes through the library's date format
 * (`formatDate`, `momentText`), never printed as the server sent it (ISO) nor in the browser's
 * locale. A source check, cheap and coarse: a date field's value put straight into a facts row or
 * into JSX text, and the browser's own date formatting, are refused in components and islands.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sourceFiles } from '../support/source-files';

const root = new URL('../../', import.meta.url).pathname;


const files = [...sourceFiles(join(root, 'src/islands')), ...sourceFiles(join(root, 'src/components')), ...sourceFiles(join(root, 'src/lib'))].map((file) => relative(root, file));

// A property that holds a date: issue_date, dueDate, hold_until, validUntil, created_at, date_of_entry, …
const DATE_PROPERTY = String.raw`[\w?.]*\.(?:\w*_date|\w*Date|\w*_until|\w*Until|\w*_at|date_of_\w+|date)`;

const RAW_DATES: { what: string; pattern: RegExp }[] = [
  { what: "a facts row whose value is a date as sent (['Return date', answer.returnDate])", pattern: new RegExp(String.raw`\[\s*'[^']+',\s*${DATE_PROPERTY}\s*(?:\?\?\s*(?:null|''|'—'))?\s*\]`) },
  { what: 'a date as sent in JSX text ({loan.due_date})', pattern: new RegExp(String.raw`(?:>|\s)\{\s*${DATE_PROPERTY}\s*\}\s*(?:<|$)`, 'm') },
  { what: 'a date as sent in a sentence (`until ${hold.hold_until}`)', pattern: new RegExp(String.raw`\$\{\s*${DATE_PROPERTY}\s*\}`) },
  { what: "the browser's own date format (toLocaleDateString)", pattern: /\.toLocaleDateString\(|\.toDateString\(/ },
];

describe('dates shown to a person', () => {
  test.each(RAW_DATES)('no component, island or flow shows $what', ({ pattern }) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  test.each([
    ["    ['Return date', answer.returnDate ?? null],", 0],
    ['          <span>{loan.due_date}</span>', 1],
    ['Valid until {member.validUntil}</span>', 1],
    ['`Held until ${hold.hold_until}`', 2],
    ["new Date(value).toLocaleDateString('en-US')", 3],
  ])('sees %o', (source, index) => {
    expect(RAW_DATES[index]!.pattern.test(source)).toBe(true);
  });

  test.each(["    ['Return date', formatDate(answer.returnDate, dateFormat)],", '<td>{formatDate(row.due_date, dateFormat)}</td>', 'value={state.returnDate}'])('lets %o be', (source) => {
    expect(RAW_DATES.some(({ pattern }) => pattern.test(source))).toBe(false);
  });
});
