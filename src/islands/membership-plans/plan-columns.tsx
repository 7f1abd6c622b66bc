/** The columns of the membership plans table; a rule a plan leaves to the book settings shows muted. */
import { wrap } from 'styled-system/patterns';
import { badge, table, text } from 'styled-system/recipes';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { planCells } from '../../lib/membership-plans';
import type { Plan } from '../../lib/schemas/plans';

const muted = text({ tone: 'muted' });
const { cellNumber: nowrap } = table();
const nameCell = wrap({ display: 'inline-flex', align: 'center', gap: '2' });

/** A value kept on one line; "Book settings" (muted, free to wrap) when the plan leaves the rule to them. */
const ruleCell = (text: string, own = true) => <span className={own ? nowrap : muted}>{text}</span>;

/** The plans table's columns: name (with Default), loan limit, loan period, fine per day, fee, validity, members, the overdue fine cap. */
export const PLAN_COLUMNS: readonly DataTableColumn<Plan>[] = [
  {
    id: 'name',
    header: 'Plan',
    rowHeader: true,
    // The default plan says so beside its name (a column of its own would push the actions out of view).
    cell: (plan) => (
      <span className={nameCell}>
        {plan.name}
        {plan.is_default && <span className={badge({ tone: 'success' })}>Default</span>}
      </span>
    ),
  },
  { id: 'loan_limit', header: 'Loan limit', cell: (plan) => ruleCell(planCells(plan).loanLimit, plan.loan_limit !== null) },
  { id: 'loan_period_days', header: 'Loan period', cell: (plan) => ruleCell(planCells(plan).loanPeriod, plan.loan_period_days !== null) },
  { id: 'fine_per_day', header: 'Fine per day', align: 'end', cell: (plan) => ruleCell(planCells(plan).finePerDay, plan.fine_per_day !== null) },
  { id: 'fee', header: 'Fee', align: 'end', cell: (plan) => ruleCell(planCells(plan).fee) },
  { id: 'validity_months', header: 'Validity', cell: (plan) => ruleCell(planCells(plan).validity) },
  { id: 'member_count', header: 'Members', align: 'end', cell: (plan) => planCells(plan).members },
  // After the members, so the seed's columns keep their places.
  { id: 'max_overdue_fine', header: 'Fine cap', align: 'end', cell: (plan) => ruleCell(planCells(plan).cap, (plan.max_overdue_fine ?? null) !== null) },
];
