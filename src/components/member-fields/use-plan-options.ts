/** The plans a new member can be on (`lib/plan-options`), loaded once; a failure leaves the member on the default plan. */
import { useEffect, useState } from 'react';
import type { SelectOption } from '../ui/SelectField';
import { fetchPlans } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { planChoices } from '../../lib/plan-options';

export type PlanOptions = { status: 'loading' } | { status: 'ready'; options: SelectOption[]; defaultId: string } | { status: 'failed'; message: string };

/** The plans, read once when `wanted` (a form without a plan field reads none). */
export function usePlanOptions(wanted = true): PlanOptions {
  const [plans, setPlans] = useState<PlanOptions>({ status: 'loading' });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    fetchPlans().then(
      (list) => live && setPlans({ status: 'ready', ...planChoices(list) }),
      (error: unknown) => live && setPlans({ status: 'failed', message: callErrorMessage('fetch-plans', error) }),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return plans;
}
