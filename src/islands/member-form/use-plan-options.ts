/** The plans a new member can be on (`lib/plan-options`), loaded once; a failure leaves the member on the default plan. */
import { useEffect, useState } from 'react';
import type { SelectOption } from '../../components/ui/SelectField';
import { fetchPlans } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { planChoices } from '../../lib/plan-options';

export type PlanOptions = { status: 'loading' } | { status: 'ready'; options: SelectOption[]; defaultId: string } | { status: 'failed'; message: string };

export function usePlanOptions(): PlanOptions {
  const [plans, setPlans] = useState<PlanOptions>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchPlans().then(
      (list) => live && setPlans({ status: 'ready', ...planChoices(list) }),
      (error: unknown) => live && setPlans({ status: 'failed', message: callErrorMessage('fetch-plans', error) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return plans;
}
