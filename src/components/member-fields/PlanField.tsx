/**
 * The membership plan field of the member forms (Add Member, a member's Edit): the plans as a
 * select, and beside it a "Manage plans" link to Membership Plans for those who may open it. A
 * failed plan list says what the member is left on.
 */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';
import { pathFor } from '#shared/routes';
import { mayFollow } from '../../lib/guard';
import { $session } from '../../stores/session';
import { SelectField, type SelectFieldProps } from '../ui/SelectField';
import type { PlanOptions } from './use-plan-options';

export interface PlanFieldProps extends Omit<SelectFieldProps, 'label' | 'options' | 'placeholder' | 'helperText'> {
  plans: PlanOptions;
  /** What a failed plan list leaves the member on ("The member will be on the default plan."). */
  fallback: string;
}

/** The plan select with its Manage plans link. */
export function PlanField({ plans, fallback, ...select }: PlanFieldProps) {
  const session = useStore($session);
  const manage = mayFollow('member-plan', session) ? (
    <a className={textLink()} href={pathFor('member-plan')}>
      Manage plans
    </a>
  ) : null;
  const failure = plans.status === 'failed' ? `${plans.message} ${fallback}` : null;
  return (
    <SelectField
      label="Membership plan"
      options={plans.status === 'ready' ? plans.options : []}
      placeholder={plans.status === 'loading' ? 'Loading...' : 'Default plan'}
      helperText={
        failure || manage ? (
          <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            {failure}
            {manage}
          </span>
        ) : undefined
      }
      {...select}
    />
  );
}
