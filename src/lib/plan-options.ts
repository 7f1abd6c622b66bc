/** The membership plans a new member can be put on, as a select's options, with the default plan preselected. */
import type { Plan } from './schemas/plans';

const planLabel = (plan: Plan): string => (plan.is_default ? `${plan.name} (default)` : plan.name);

/** Options for every plan and the id to preselect: the default plan, else the first, else none. */
export function planChoices(plans: readonly Plan[]): { options: { value: string; label: string }[]; defaultId: string } {
  const chosen = plans.find((plan) => plan.is_default) ?? plans[0];
  return { options: plans.map((plan) => ({ value: String(plan.id), label: planLabel(plan) })), defaultId: chosen ? String(chosen.id) : '' };
}
