/** Member import files for API tests: rows in the import's columns, and generated members. */
import { MEMBER_CSV_COLUMNS } from '#shared/member-rules';
import type { FilePart } from './multipart.js';

export type MemberCsvRow = Partial<Record<(typeof MEMBER_CSV_COLUMNS)[number], string>>;

/** A member import file of these rows (columns left out are empty). */
export const memberCsv = (rows: readonly MemberCsvRow[]): string =>
  [MEMBER_CSV_COLUMNS.join(','), ...rows.map((r) => MEMBER_CSV_COLUMNS.map((c) => r[c] ?? '').join(','))].join('\n') + '\n';

/** `count` generated members `<name>0`, `<name>1`, … each with his own password. */
export const generatedMembers = (count: number, name: string): MemberCsvRow[] =>
  Array.from({ length: count }, (_, i) => ({ username: `${name}${i}`, email: `${name}${i}@example.test`, password: `Long-Reading-${i}-Hours`, first_name: 'Stu', last_name: `Dent${i}` }));

/** The file part of a member import. */
export const memberCsvPart = (rows: readonly MemberCsvRow[]): FilePart => ({ filename: 'members.csv', content: Buffer.from(memberCsv(rows)), contentType: 'text/csv' });
