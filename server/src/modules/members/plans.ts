/**
 * Membership plans: a name, a loan limit, a loan period in days, a fine per day and a fee (minor
 * units), a validity in months. One plan is the default (seeded by migration 0006): members who
 * chose none have it. A loan rule left null follows the book settings, field by field (the seeded
 * default leaves all three null), which is what `loanRulesFor` answers circulation. A plan in use,
 * and the default plan, cannot be deleted.
 */
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import type { Db, PlanRow } from '../../db/schema.js';
import { isSet, isUniqueViolation, nowIso } from '../../db/values.js';
import { ApiError, notFound, ValidationError } from '../../errors.js';
import { toDecimalString } from '#shared/money';
import { loanRulesOf, type LoanRules as AppliedLoanRules } from '#shared/loan-rules';
import { recordAudit } from '../audit/service.js';
import { readSettings } from '../settings/service.js';
import { PLAN_OF_PROFILE } from './queries.js';
import type { PlanInput } from './schemas.js';

export interface PlanView {
  id: number;
  name: string;
  /** Null: the book settings' max_books_per_member. */
  loan_limit: number | null;
  /** Null: the book settings' max_issue_duration. */
  loan_period_days: number | null;
  /** Decimal string, or null: the book settings' fine_per_day. */
  fine_per_day: string | null;
  fee: string;
  /** Decimal string: the most one loan's overdue fine comes to; null = no cap. */
  max_overdue_fine: string | null;
  validity_months: number;
  is_default: boolean;
  member_count: number;
}

const PLAN_TAKEN = 'membership plan with this name already exists.';

const toView = (row: PlanRow, memberCount: number): PlanView => ({
  id: row.id,
  name: row.name,
  loan_limit: row.loan_limit,
  loan_period_days: row.loan_period_days,
  fine_per_day: row.fine_per_day === null ? null : toDecimalString(row.fine_per_day),
  fee: toDecimalString(row.fee),
  max_overdue_fine: row.max_overdue_fine === null || row.max_overdue_fine === undefined ? null : toDecimalString(Number(row.max_overdue_fine)),
  validity_months: row.validity_months,
  is_default: isSet(row.is_default),
  member_count: memberCount,
});

/** Members on each plan (members without a plan count for the default), deleted ones excluded. */
async function memberCounts(db: Db): Promise<Map<number | null, number>> {
  const rows = await db
    .selectFrom('member_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.plan_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('u.deleted_at', 'is', null)
    .groupBy('p.plan_id')
    .execute();
  return new Map(rows.map((r) => [r.plan_id, Number(r.n)]));
}

/** The default plan (the migration seeds it; exactly one exists). */
export async function defaultPlan(db: Db): Promise<PlanRow> {
  return db.selectFrom('membership_plans').selectAll().where('is_default', '=', 1).executeTakeFirstOrThrow();
}

/** Every plan, the default first, then by name. */
export async function listPlans(db: Db): Promise<PlanView[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('membership_plans').selectAll().orderBy('is_default', 'desc').orderBy(sql`lower(name)`).orderBy('id').execute(),
    memberCounts(db),
  ]);
  return rows.map((r) => toView(r, (counts.get(r.id) ?? 0) + (isSet(r.is_default) ? counts.get(null) ?? 0 : 0)));
}

/** One plan. */
export async function getPlan(db: Db, id: number | undefined): Promise<PlanView> {
  const found = (await listPlans(db)).find((p) => p.id === id);
  if (!found) throw notFound();
  return found;
}

/** Whether a plan id names a plan. */
export async function planExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('membership_plans').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('membership_plans').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

const planValues = (input: PlanInput) => {
  const values: Record<string, unknown> = {};
  for (const key of ['name', 'loan_limit', 'loan_period_days', 'fine_per_day', 'fee', 'max_overdue_fine', 'validity_months'] as const) {
    if (input[key] !== undefined) values[key] = input[key];
  }
  return values;
};

/** Makes `id` the only default plan. */
async function makeDefault(trx: Db, id: number): Promise<void> {
  await trx.updateTable('membership_plans').set({ is_default: 0 }).where('is_default', '=', 1).where('id', '<>', id).execute();
  await trx.updateTable('membership_plans').set({ is_default: 1 }).where('id', '=', id).execute();
}

/** Creates a plan; `is_default: true` makes it the default. Audited. */
export async function createPlan(ctx: Pick<AppContext, 'db'>, actor: AuthUser, input: PlanInput & { name: string }): Promise<PlanView> {
  if (await nameTaken(ctx.db, input.name)) throw ValidationError.field('name', PLAN_TAKEN);
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('membership_plans')
        .values({
          name: input.name,
          loan_limit: input.loan_limit ?? null,
          loan_period_days: input.loan_period_days ?? null,
          fine_per_day: input.fine_per_day ?? null,
          fee: input.fee ?? 0,
          max_overdue_fine: input.max_overdue_fine ?? null,
          validity_months: input.validity_months ?? 12,
          is_default: 0,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (input.is_default) await makeDefault(trx, row.id);
      await recordAudit(trx, { userId: actor.id, action: 'PLAN_CREATED', entity: 'membership_plan', entityId: row.id, after: { ...row, is_default: input.is_default === true } });
      return row.id;
    });
    return getPlan(ctx.db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field('name', PLAN_TAKEN);
    throw error;
  }
}

/** Changes a plan; `is_default: true` moves the default to it (the default is never unset directly). Audited. */
export async function updatePlan(ctx: Pick<AppContext, 'db'>, actor: AuthUser, id: number | undefined, input: PlanInput): Promise<PlanView> {
  if (id === undefined) throw notFound();
  if (input.name !== undefined && (await nameTaken(ctx.db, input.name, id))) throw ValidationError.field('name', PLAN_TAKEN);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('membership_plans').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound();
      if (input.is_default === false && isSet(before.is_default)) {
        throw ValidationError.field('is_default', 'Make another plan the default instead.');
      }
      const values = planValues(input);
      if (Object.keys(values).length > 0) await trx.updateTable('membership_plans').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
      if (input.is_default === true) await makeDefault(trx, id);
      const after = await trx.selectFrom('membership_plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await recordAudit(trx, { userId: actor.id, action: 'PLAN_UPDATED', entity: 'membership_plan', entityId: id, before: { ...before }, after: { ...after } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field('name', PLAN_TAKEN);
    throw error;
  }
  return getPlan(ctx.db, id);
}

/** Deletes a plan nobody is on; the default plan never. Audited. */
export async function deletePlan(ctx: Pick<AppContext, 'db'>, actor: AuthUser, id: number | undefined): Promise<void> {
  if (id === undefined) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('membership_plans').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound();
    if (isSet(before.is_default)) throw new ApiError(409, { detail: 'The default plan cannot be deleted; make another plan the default first.' });
    // Deleted members keep their plan for history, so they count too.
    const { n } = await trx.selectFrom('member_profiles').select((eb) => eb.fn.countAll<number | string>().as('n')).where('plan_id', '=', id).executeTakeFirstOrThrow();
    const used = Number(n);
    if (used > 0) throw new ApiError(409, { detail: `This plan is used by ${used} ${used === 1 ? 'member' : 'members'}.` });
    await trx.deleteFrom('membership_plans').where('id', '=', id).execute();
    await recordAudit(trx, { userId: actor.id, action: 'PLAN_DELETED', entity: 'membership_plan', entityId: id, before: { ...before } });
  });
}

/** The loan rules circulation applies to a member (`#shared/loan-rules`), with the plan they come from. */
export interface LoanRules extends AppliedLoanRules {
  /** The plan the rules come from (null when the member has no profile). */
  planId: number | null;
  /** The plan's cap on one loan's overdue fine, minor units; null = no cap. */
  maxOverdueFine: number | null;
}

/** The member's plan's rules where it sets them, the book settings otherwise (`loanRulesOf`). */
export async function loanRulesFor(db: Db, memberId: number): Promise<LoanRules> {
  const settings = await readSettings(db);
  const plan = await db
    .selectFrom('member_profiles as p')
    .innerJoin('membership_plans as mp', (join) => join.on(PLAN_OF_PROFILE))
    .select(['mp.id', 'mp.loan_limit', 'mp.loan_period_days', 'mp.fine_per_day', 'mp.max_overdue_fine'])
    .where('p.user_id', '=', memberId)
    .executeTakeFirst();
  return { ...loanRulesOf(plan, settings), planId: plan?.id ?? null, maxOverdueFine: plan?.max_overdue_fine ?? null };
}
