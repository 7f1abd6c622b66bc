/**
 * The member CSV template `members-template.csv`: the 21 columns of member-rules in
 * the specification's order and the 5 sample members of `member-template-sample.ts`.
 */
import Papa from 'papaparse';
import { saveCsv } from './download';
import { MEMBER_CSV_COLUMNS, type MemberCsvColumn } from '#shared/member-rules';
import { MEMBER_TEMPLATE_ROWS } from './member-template-sample';

/** One row of a member CSV, by template column. */
export type MemberCsvRow = Record<MemberCsvColumn, string>;

/** The name the template downloads under, as the specification names it. */
export const MEMBER_TEMPLATE_FILE_NAME = 'members-template.csv';

/** The template's 5 sample members; typed here, so a missing or extra column fails the build. */
export const MEMBER_TEMPLATE_SAMPLE: readonly MemberCsvRow[] = MEMBER_TEMPLATE_ROWS;

/** The text of `members-template.csv` (CRLF line ends, quoted where needed). */
export function memberTemplateCsv(): string {
  return Papa.unparse(
    { fields: [...MEMBER_CSV_COLUMNS], data: MEMBER_TEMPLATE_SAMPLE.map((row) => MEMBER_CSV_COLUMNS.map((column) => row[column])) },
    { newline: '\r\n' },
  );
}

/** Downloads `members-template.csv`, made in the browser; throws when the browser cannot save it. */
export function downloadMemberTemplate(): void {
  saveCsv(memberTemplateCsv(), MEMBER_TEMPLATE_FILE_NAME);
}
