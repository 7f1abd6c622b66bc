/** The Membership screen's flow: the plans (loaded, reloaded after a change), its dialogs (`lib/plans-flow`) and the delete. */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { toast } from '../../components/ui/Toaster';
import { deletePlan, fetchPlans } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import { NO_PLAN_DIALOG, planDialogs, type PlanDialogEvent, type PlanDialogs } from '../../lib/plans-flow';
import type { Plan } from '../../lib/schemas/plans';

const dialogsOf = planDialogs as (state: PlanDialogs<Plan>, event: PlanDialogEvent<Plan>) => PlanDialogs<Plan>;

export function useMembershipPlans() {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(true);
  const [dialogs, dispatch] = useReducer(dialogsOf, NO_PLAN_DIALOG);

  const load = useCallback(async () => {
    setReloading(true);
    try {
      setPlans(await fetchPlans());
      setLoadError(null);
    } catch (error) {
      setLoadError(callErrorMessage('fetch-plans', error));
    } finally {
      setReloading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** The confirm's action: a refusal stays in the dialog (and rejects, so it stays open). */
  async function confirmDelete() {
    const plan = dialogs.deleting;
    if (!plan) return;
    dispatch({ type: 'deleting' });
    try {
      await deletePlan(plan.id);
    } catch (error) {
      dispatch({ type: 'delete-failed', message: callErrorMessage('delete-plan', error) });
      throw error;
    }
    toast.success(NOTICES.planDeleted(plan.name));
    await load();
  }

  return { plans, loadError, firstLoad: reloading && plans === null, load, dialogs, dispatch, confirmDelete };
}
