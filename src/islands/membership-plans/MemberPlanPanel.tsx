/**
 * A member's plan on the Membership page: find the member with the member picker, see the plan
 * they are on and (with change_members) move them to another; the table's member counts follow.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { flex, stack } from 'styled-system/patterns';
import { MemberPicker } from '../../components/member-picker/MemberPicker';
import { Panel } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { LoadingState } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { fetchMemberProfile, moveMemberToPlan } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { personLabel, type PickablePerson } from '../../lib/member-picker';
import type { Plan } from '../../lib/schemas/plans';
import { NOTICES } from '../../lib/notices';

type Current = { status: 'none' } | { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; planId: string };

// The plan select takes the room the button leaves.
const row = flex({ wrap: 'wrap', gap: '3', align: 'flex-end', '& > :first-child': { flex: '1', minW: '12rem' } });

export function MemberPlanPanel({ plans, canMove, onMoved }: { plans: readonly Plan[]; canMove: boolean; onMoved: () => Promise<void> }) {
  const [member, setMember] = useState<PickablePerson | null>(null);
  const [current, setCurrent] = useState<Current>({ status: 'none' });
  const form = useForm<{ plan: string }>({ initial: null, canSave: canMove });
  const defaultPlan = plans.find((plan) => plan.is_default);

  useEffect(() => {
    form.reset(null);
    if (!member) return setCurrent({ status: 'none' });
    let live = true;
    setCurrent({ status: 'loading' });
    fetchMemberProfile(member.id)
      .then((profile) => {
        if (!live) return;
        // A member who chose no plan is on the default plan.
        const planId = String(profile.plan?.id ?? defaultPlan?.id ?? '');
        setCurrent({ status: 'ready', planId });
        form.reset({ plan: planId });
      })
      .catch((error: unknown) => live && setCurrent({ status: 'failed', message: callErrorMessage('member-profile-load', error) }));
    return () => {
      live = false;
    };
  }, [member]);

  const planName = (id: string) => plans.find((plan) => String(plan.id) === id)?.name ?? 'Unknown plan';

  const move = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      send: async ({ plan }) => {
        if (!member) return;
        await moveMemberToPlan(member.id, plan);
        setCurrent({ status: 'ready', planId: plan });
        toast.success(NOTICES.movedToPlan(member.username, planName(plan)));
        await onMoved();
      },
      fields: ['plan'],
      summary: (error) => callErrorMessage('save-plan', error),
      summaryField: 'plan',
    });

  return (
    <Panel title="A member's plan" intro="Find a member by name, username, member number or e-mail to see their plan or move them to another." className={css({ mt: '6' })}>
      <MemberPicker label="Member" onPick={setMember} />
      {current.status === 'loading' && <LoadingState text="Loading..." />}
      {current.status === 'failed' && <Alert tone="error" className={css({ mt: '3' })}>{current.message}</Alert>}
      {current.status === 'ready' && member && form.values && (
        <form ref={form.formRef} onSubmit={move} noValidate className={stack({ gap: '3', mt: '4' })} aria-label={`Plan of ${member.username}`}>
          <p role="status">
            {personLabel(member)} is on <strong>{planName(current.planId)}</strong>.
          </p>
          {canMove && (
            <div className={row}>
              <SelectField label={`Move ${member.username} to`} options={plans.map((plan) => ({ value: String(plan.id), label: plan.name }))} {...form.bind('plan')} />
              <Button type="submit" loading={form.saving} loadingText="Saving..." disabled={form.values.plan === current.planId} className={css({ mb: form.errors.plan ? '7' : '0' })}>
                Move to plan
              </Button>
            </div>
          )}
        </form>
      )}
    </Panel>
  );
}
