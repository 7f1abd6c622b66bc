/**
 * The choices of a section's select filters, loaded only when the section takes them: departments
 * and academic sessions (the public lists), categories, membership plans. Also the names the
 * print view gives filter values (a department's name for its id).
 */
import { useEffect, useState } from 'react';
import { referenceOptions, sessionLabel, useReferenceList } from '../../components/use-reference-list';
import type { SelectOption } from '../../components/ui/SelectField';
import { auditActionWords } from '#shared/audit-actions';
import type { ReportFilter } from '#shared/report-catalogue';
import type { FilterNames } from '../../lib/report-query';
import { $categories, $memberDepartments, $memberSessions } from '../../stores/reference';

export type FilterOptions = Partial<Record<'department' | 'category' | 'session' | 'plan', SelectOption[] | null>>;

export function useFilterOptions(filters: readonly ReportFilter[]): FilterOptions {
  const departments = referenceOptions(useReferenceList($memberDepartments, filters.includes('department')));
  const categories = referenceOptions(useReferenceList($categories, filters.includes('category')));
  const sessions = referenceOptions(useReferenceList($memberSessions, filters.includes('session')), sessionLabel);
  const wantsPlans = filters.includes('plan');
  const [plans, setPlans] = useState<SelectOption[] | null>(null);

  useEffect(() => {
    if (!wantsPlans || plans) return;
    let live = true;
    // Without view_members the plan list is refused: the filter then offers no plans.
    // The members API module loads only on a page whose section filters by plan.
    import('../../lib/api/members')
      .then(({ fetchPlans }) => fetchPlans())
      .then((items) => live && setPlans(items.map((plan) => ({ value: String(plan.id), label: plan.name }))))
      .catch(() => live && setPlans([]));
    return () => {
      live = false;
    };
  }, [wantsPlans, plans]);

  return { department: departments, category: categories, session: sessions, plan: plans };
}

/** Names of the select filters' values and a listed audit action's words, for the print view. */
export function optionNames(options: FilterOptions): FilterNames {
  const lookup = (list: SelectOption[] | null | undefined) => (value: string) => list?.find((option) => option.value === value)?.label;
  const action = (value: string) => (auditActionWords(value) === value ? value : `${auditActionWords(value)} (${value})`);
  return { department: lookup(options.department), category: lookup(options.category), session: lookup(options.session), plan: lookup(options.plan), action };
}
