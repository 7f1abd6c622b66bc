/**
 * The Audit Trail: every entry of `audit_log` in the range with who made it (the name and the
 * username; null for the library itself, a deleted account's anonymised name as it is now), the
 * record's name and the member it concerns (`audit-names.ts`), and the entry as a sentence in the
 * library's money and date formats (`#shared/audit-sentences`), on screen and in the CSV alike.
 * `action` matches the action exactly or as its start (`MEMBER_` finds every member change),
 * `entity` exactly; the search reads names, actions and records. The kinds of the figures group
 * actions by what they touch.
 */
import { sql, type RawBuilder } from 'kysely';
import { SIGNED_IN_ACTION } from '#shared/audit-actions';
import { auditSentence } from '#shared/audit-sentences';
import type { Db } from '../../db/schema.js';
import type { ReportChart, ReportFigure, ReportRow } from '#shared/schemas/reports';
import { actorNameSql, memberNameSql, recordNameSql, withRecordNames } from './audit-names.js';
import { allOf, equals, searchOf, type SectionBuilder, type SectionInput } from './sections.js';


const startsWith = (column: string, prefix: string): RawBuilder<boolean> => sql<boolean>`substr(${sql.ref(column)}, 1, ${prefix.length}) = ${prefix}`;
const entityIn = (...entities: string[]): RawBuilder<boolean> => sql<boolean>`a.entity in (${sql.join(entities)})`;

/** The kinds of change the figures count, each as a condition on `audit_log as a`. */
export const AUDIT_KINDS: readonly { key: string; label: string; when: RawBuilder<boolean> }[] = [
  { key: 'sign_ins', label: 'Sign-ins', when: sql<boolean>`a.action = ${SIGNED_IN_ACTION}` },
  { key: 'loans', label: 'Loans and returns', when: entityIn('loan') },
  // A fine paid at the desk's return is in the return's entry, with the receipt number it wrote.
  { key: 'payments', label: 'Payments', when: sql<boolean>`(${startsWith('a.action', 'FINE_')} or a.action = 'CHARGE_REFUNDED' or (a.action in ('BOOK_RETURNED', 'LOAN_MARKED_LOST', 'MEMBERSHIP_RENEWED') and a.after like '%"receipt_no":"R-%'))` },
  { key: 'members', label: 'Members', when: sql<boolean>`(${entityIn('membership_plan', 'member_import')} or (a.entity = 'user' and ${startsWith('a.action', 'MEMBER_')}))` },
  { key: 'books', label: 'Books', when: entityIn('book', 'book_import') },
  { key: 'settings', label: 'Settings', when: entityIn('library_settings', 'notification_settings') },
  { key: 'roles', label: 'Roles', when: entityIn('role') },
];

/** Entries of the range (`audit_log as a`, `users as u`) with the asked user, action and entity. */
function entriesIn(input: SectionInput) {
  const { user, action, entity } = input.query.filters;
  return input.db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where('a.created_at', '>=', input.range.fromInstant)
    .where('a.created_at', '<', input.range.toInstant)
    .where(allOf([equals('a.user_id', user), action === undefined ? null : startsWith('a.action', action), equals('a.entity', entity)]));
}

const text = (value: ReportRow[string] | undefined): string | null => (value === null || value === undefined ? null : String(value));

/** A page's entries with their sentences, in the library's formats (one read of the settings per page). */
async function withSentences(db: Db, rows: ReportRow[]): Promise<ReportRow[]> {
  const format = await db.selectFrom('library_settings').select(['timezone', 'date_format', 'time_format']).orderBy('id').executeTakeFirst();
  return rows.map((row) => ({
    ...row,
    sentence: auditSentence(
      { action: String(row['action']), actor: text(row['actor']), record: text(row['record']), member: text(row['member']), entity: String(row['entity']), entity_id: text(row['entity_id']), before: row['before'], after: row['after'] },
      format ?? {},
    ),
  }));
}

const entries: SectionBuilder = (input) => ({
  rows: withRecordNames(entriesIn(input))
    .select(['a.id', 'a.created_at', 'u.username as user', 'a.action', 'a.entity', 'a.entity_id', 'a.before', 'a.after'])
    .select([actorNameSql.as('actor'), recordNameSql.as('record'), memberNameSql.as('member')])
    .where(allOf([searchOf(input.query.term, [sql.ref('u.username'), actorNameSql, recordNameSql, memberNameSql, sql.ref('a.action'), sql.ref('a.entity'), sql.ref('a.entity_id')])])),
  unique: ['id'],
  notNull: ['created_at', 'action', 'entity'],
  finish: (rows) => withSentences(input.db, rows),
});

export const AUDIT_SECTIONS: Record<string, SectionBuilder> = { entries };

/** The Audit Trail's figures: entries in the range and per kind; a chart of the kinds. */
export async function auditSummary(input: SectionInput): Promise<{ figures: ReportFigure[]; charts: ReportChart[] }> {
  const row = (await entriesIn(input)
    .select((eb) => [eb.fn.countAll().as('entries'), ...AUDIT_KINDS.map((kind) => sql<number>`coalesce(sum(case when ${kind.when} then 1 else 0 end), 0)`.as(kind.key))])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const figures: ReportFigure[] = [
    { key: 'entries', label: 'Entries', kind: 'count', value: Number(row['entries']) },
    ...AUDIT_KINDS.map((kind): ReportFigure => ({ key: kind.key, label: kind.label, kind: 'count', value: Number(row[kind.key]) })),
  ];
  const chart: ReportChart = {
    key: 'by_kind',
    title: 'Changes by kind',
    kind: 'bar',
    series: [{ key: 'entries', label: 'Entries', kind: 'count' }],
    points: AUDIT_KINDS.map((kind) => ({ label: kind.label, values: { entries: Number(row[kind.key]) } })),
  };
  return { figures, charts: [chart] };
}
