import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { parseMemberCsvRow } from '../../../server/src/modules/members/schemas';
import { MEMBER_CSV_COLUMNS, SHIFTS } from '#shared/member-rules';
import { previewMemberCsvText } from '../../../src/lib/member-csv';
import { MEMBER_TEMPLATE_FILE_NAME, MEMBER_TEMPLATE_SAMPLE, memberTemplateCsv } from '../../../src/lib/member-template';

const parsed = Papa.parse<string[]>(memberTemplateCsv(), { skipEmptyLines: true }).data;

describe('members-template.csv', () => {
  test('is named as the specification says', () => {
    expect(MEMBER_TEMPLATE_FILE_NAME).toBe('members-template.csv');
  });

  test("has member-rules' 21 columns, in order, as its header", () => {
    expect(parsed[0]).toEqual([...MEMBER_CSV_COLUMNS]);
    expect(parsed[0]).toHaveLength(21);
  });

  test('holds 5 sample members, each with a cell for every column', () => {
    expect(parsed).toHaveLength(6);
    for (const row of parsed.slice(1)) expect(row).toHaveLength(21);
  });

  test('every sample studies in a DAY or NIGHT shift, and both shifts appear', () => {
    const shifts = MEMBER_TEMPLATE_SAMPLE.map((row) => row.shift);
    for (const shift of shifts) expect(SHIFTS).toContain(shift);
    expect(new Set(shifts)).toEqual(new Set(SHIFTS));
  });

  test.each(MEMBER_TEMPLATE_SAMPLE.map((row, index) => [index + 1, row] as const))('sample %i passes the server’s row rules', (_, row) => {
    expect(parseMemberCsvRow(row).fields).toEqual({});
  });

  test('the preview finds no errors in the template, and no names unknown to the demo library', () => {
    const preview = previewMemberCsvText(memberTemplateCsv(), {
      department: new Set(['computer science', 'mathematics', 'english literature']),
      session: new Set(['2023-2027', '2024-2028']),
    });
    expect(preview.rowCount).toBe(5);
    expect(preview.missingColumns).toEqual([]);
    expect(preview.errors).toEqual([]);
    expect(preview.warnings).toEqual([]);
  });

  test('usernames, e-mails, registration ids and membership ids are unique among the samples', () => {
    for (const column of ['username', 'email', 'registration_id', 'library_membership_id'] as const) {
      const values = MEMBER_TEMPLATE_SAMPLE.map((row) => row[column].toLowerCase());
      expect(new Set(values).size).toBe(values.length);
    }
  });
});
