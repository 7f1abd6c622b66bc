/**
 * The Member Report: members (not deleted) with their state, plan, department and session. The
 * plan is the profile's own or the default one (`PLAN_OF_PROFILE` of the members module), and a
 * member's loan limit is his plan's, else the book settings' `max_books_per_member`, the rule of
 * `#shared/loan-rules` in its SQL form (`db/loan-rules.ts`). Defaulters owe fines today (`remaining > 0`).
 */
import { sql, type RawBuilder } from 'kysely';
import { displayNameSql } from '../../db/person-name.js';
import { planRuleSql } from '../../db/loan-rules.js';
import type { Db } from '../../db/schema.js';
import { toDecimalString } from '#shared/money';
import type { ReportChart, ReportFigure } from '#shared/schemas/reports';
import { memberProfiles } from '../members/queries.js';
import { inMemberState, memberStateSql } from '../../db/member-state.js';
import { MEMBER_STATE_TEXT, MEMBER_STATES } from '#shared/member-state';
import { allOf, equals, searchOf, type SectionBuilder, type SectionInput } from './sections.js';

/** A member's state in SQL (`#shared/member-state`): declined, active, never approved, else disabled. */
const STATE = memberStateSql('u');

/** Members of the library (`u`, `p`, `d`, `s`, `mp`): role MEMBER, not deleted. */
const members = (db: Db) => memberProfiles(db).where('u.role', '=', 'MEMBER').where('u.deleted_at', 'is', null);

/** The asked plan, department and session, and the member state (every section and the summary take it). */
function grouping(input: SectionInput, withState: boolean): (RawBuilder<boolean> | null)[] {
  const { plan, department, session, state } = input.query.filters;
  return [
    equals('mp.id', plan),
    equals('p.department_id', department),
    equals('p.session_id', session),
    withState && state !== undefined ? inMemberState(state, 'u') : null,
  ];
}

const NAME_SEARCH = () => [displayNameSql('u'), sql.ref('u.username'), sql.ref('p.member_id')];

const where = (input: SectionInput, withState = false): RawBuilder<boolean> => allOf([...grouping(input, withState), searchOf(input.query.term, NAME_SEARCH())]);

const memberList: SectionBuilder = (input) => ({
  rows: members(input.db)
    .select([
      'u.id as user_id', displayNameSql('u').as('name'), 'u.username', 'p.member_id as member_no', STATE.as('state'), 'mp.name as plan', 'd.name as department',
      's.session_range as session', 'u.date_joined',
    ])
    .where('u.date_joined', '>=', input.range.fromInstant)
    .where('u.date_joined', '<', input.range.toInstant)
    .where(where(input, true)),
  unique: ['user_id'],
});

/** Fines with something left, as a literal condition so SQLite can use the partial index `fines_pending`. */
const OWING = sql<boolean>`remaining > 0`;

const defaulters: SectionBuilder = (input) => {
  const owed = input.db
    .selectFrom('fines')
    .select((eb) => ['member_id', eb.fn.countAll().as('fines'), eb.fn.sum('remaining').as('owed'), eb.fn.min('created_at').as('oldest_fine')])
    .where(OWING)
    .groupBy('member_id')
    .as('o');
  return {
    rows: members(input.db)
      .innerJoin(owed, 'o.member_id', 'u.id')
      .select(['u.id as user_id', displayNameSql('u').as('name'), 'p.member_id as member_no', 'o.fines', 'o.owed', 'o.oldest_fine'])
      .where(where(input, true)),
    unique: ['user_id'],
  };
};

/** Loans out now of the member `u.id`. */
const BOOKS_OUT = sql<number>`(select count(*) from loans bo where bo.member_id = u.id and bo.returned_at is null)`;

const topReaders: SectionBuilder = (input) => {
  const read = input.db
    .selectFrom('loans')
    .select((eb) => ['member_id', eb.fn.countAll().as('loans')])
    .where('issue_date', '>=', input.range.from)
    .where('issue_date', '<=', input.range.to)
    .groupBy('member_id')
    .as('t');
  return {
    rows: members(input.db)
      .innerJoin(read, 't.member_id', 'u.id')
      .select(['u.id as user_id', displayNameSql('u').as('name'), 'p.member_id as member_no', 't.loans', BOOKS_OUT.as('books_out')])
      .where(where(input, true)),
    unique: ['user_id'],
  };
};

const atLimit: SectionBuilder = (input) => {
  const out = input.db
    .selectFrom('loans')
    .select((eb) => ['member_id', eb.fn.countAll().as('books_out')])
    .where('returned_at', 'is', null)
    .groupBy('member_id')
    .as('o');
  const limit = planRuleSql('loan_limit', input.settings.maxBooksPerMember);
  return {
    rows: members(input.db)
      .innerJoin(out, 'o.member_id', 'u.id')
      .select(['u.id as user_id', displayNameSql('u').as('name'), 'p.member_id as member_no', 'mp.name as plan', 'o.books_out', limit.as('loan_limit')])
      .where(inMemberState('active', 'u'))
      .where(sql<boolean>`o.books_out >= ${limit}`)
      .where(where(input, true)),
    unique: ['user_id'],
  };
};

export const MEMBER_SECTIONS: Record<string, SectionBuilder> = {
  members: memberList,
  defaulters,
  'top-readers': topReaders,
  'at-limit': atLimit,
};

function barChart(key: string, title: string, rows: { label: string | null; n: unknown }[], none: string): ReportChart {
  return {
    key,
    title,
    kind: 'bar',
    series: [{ key: 'members', label: 'Members', kind: 'count' }],
    points: rows.map((r) => ({ label: r.label ?? none, values: { members: Number(r.n) } })),
  };
}

/** The Member Report's figures (members by state, joined in the range, owing fines) and charts. */
export async function memberSummary(input: SectionInput): Promise<{ figures: ReportFigure[]; charts: ReportChart[] }> {
  const { db, range } = input;
  const scope = allOf(grouping(input, true));
  const byState = await members(db).select((eb) => [STATE.as('label'), eb.fn.countAll().as('n')]).where(scope).groupBy(STATE).execute();
  const counted = new Map(byState.map((r) => [r.label, Number(r.n)]));
  const by = (column: 'mp' | 'd' | 's', label: 'mp.name' | 'd.name' | 's.session_range') =>
    members(db)
      .select((eb) => [sql.ref<string | null>(label).as('label'), eb.fn.countAll().as('n')])
      .where(scope)
      .groupBy([`${column}.id`, label])
      .orderBy(sql`case when ${sql.ref(label)} is null then 1 else 0 end`)
      .orderBy(sql`lower(${sql.ref(label)})`)
      .execute();
  const [plans, departments, sessions] = [await by('mp', 'mp.name'), await by('d', 'd.name'), await by('s', 's.session_range')];
  const joined = await members(db)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('u.date_joined', '>=', range.fromInstant)
    .where('u.date_joined', '<', range.toInstant)
    .where(scope)
    .executeTakeFirstOrThrow();
  const owing = await members(db)
    .select((eb) => [eb.fn.count('u.id').distinct().as('n'), sql<number>`coalesce(sum(f.remaining), 0)`.as('owed')])
    .innerJoin('fines as f', 'f.member_id', 'u.id')
    .where(sql<boolean>`f.remaining > 0`)
    .where(scope)
    .executeTakeFirstOrThrow();
  const total = [...counted.values()].reduce((sum, n) => sum + n, 0);
  const figures: ReportFigure[] = [
    { key: 'members', label: 'Members', kind: 'count', value: total },
    ...MEMBER_STATES.map((state): ReportFigure => ({ key: state, label: MEMBER_STATE_TEXT[state], kind: 'count', value: counted.get(state) ?? 0 })),
    { key: 'joined', label: 'Joined in the range', kind: 'count', value: Number(joined.n) },
    { key: 'defaulters', label: 'Owing fines', kind: 'count', value: Number(owing.n) },
    { key: 'owed', label: 'Fines owed', kind: 'money', value: toDecimalString(Number(owing.owed)) },
  ];
  const charts = [
    barChart('by_state', 'Members by state', MEMBER_STATES.map((state) => ({ label: MEMBER_STATE_TEXT[state], n: counted.get(state) ?? 0 })), ''),
    barChart('by_plan', 'Members by plan', plans, 'No plan'),
    barChart('by_department', 'Members by department', departments, 'No department'),
    barChart('by_session', 'Members by session', sessions, 'No session'),
  ];
  return { figures, charts };
}
