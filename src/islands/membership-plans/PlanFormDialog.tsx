/**
 * Add or edit one membership plan in a dialog, on the one form hook: name, loan limit, loan period,
 * fine per day (a blank rule follows the book settings), fee, validity and whether it is the
 * default plan. The default plan stays the default until another plan is made the default. The
 * form lives in its content, mounted per opening (the modal unmounts it when it closes): each
 * opening starts from the plan given, or a new plan's values.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { grid, gridItem } from 'styled-system/patterns';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { CancelSubmit } from '../../components/CancelSubmit';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { createPlan, updatePlan } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { FORM_MESSAGES } from '../../lib/forms';
import { FOLLOWS_BOOK_SETTINGS, NEW_PLAN, PLAN_FIELDS, planBody, planToValues, validatePlan, type PlanField, type PlanValues } from '../../lib/membership-plans';
import type { Plan } from '../../lib/schemas/plans';

const fields = grid({ columns: { base: 1, sm: 2 }, gap: '4', mt: '4' });
const wide = gridItem({ colSpan: { sm: 2 } });

const DEFAULT_CHOICES = [
  { value: '', label: 'No' },
  { value: 'yes', label: 'Yes: members who choose no plan are on it' },
];

export interface PlanFormDialogProps {
  /** The plan being edited, 'new' to add one, or null when closed. */
  plan: Plan | 'new' | null;
  /** Every plan, for the unique-name check. */
  plans: readonly Plan[];
  onClose: () => void;
  /** Called after a save with the saved plan, so the page reloads its list. */
  onSaved: (plan: Plan) => Promise<void>;
}

export function PlanFormDialog({ plan, plans, onClose, onSaved }: PlanFormDialogProps) {
  const [busy, setBusy] = useState(false);
  const editing = plan !== null && plan !== 'new' ? plan : null;
  return (
    <Modal
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      busy={busy}
      title={editing ? `Edit plan “${editing.name}”` : 'Add plan'}
      description="A loan rule left blank follows the book settings."
    >
      {plan !== null && <PlanForm key={editing ? String(editing.id) : 'new'} editing={editing} plans={plans} onClose={onClose} onSaved={onSaved} onBusy={setBusy} />}
    </Modal>
  );
}

type PlanFormProps = Omit<PlanFormDialogProps, 'plan'> & { editing: Plan | null; onBusy: (busy: boolean) => void };

/** The plan form; its values and errors live here, from the plan (or a new plan's values) at opening. */
function PlanForm({ editing, plans, onClose, onSaved, onBusy }: PlanFormProps) {
  const form = useForm<PlanValues, PlanField>({ initial: editing ? planToValues(editing) : NEW_PLAN });
  const { formRef, summary, saving } = form;

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: (current) => validatePlan(current, plans, editing?.id),
      send: async (current) => {
        const body = planBody(current);
        // The default plan is moved, never unset: an edit of the default does not resend the flag.
        if (editing?.is_default) delete body.is_default;
        const saved = editing ? await updatePlan(editing.id, body) : await createPlan(body);
        toast.success(editing ? `Plan “${saved.name}” updated` : `Plan “${saved.name}” added`);
        await onSaved(saved);
        onClose();
      },
      fields: PLAN_FIELDS,
      summary: (failure, fieldErrorsShown) => (fieldErrorsShown ? FORM_MESSAGES.checkFields : callErrorMessage('save-plan', failure)),
    });

  const rule = (field: PlanField) => ({ ...form.bind(field), placeholder: FOLLOWS_BOOK_SETTINGS });

  return (
    <form ref={formRef} onSubmit={save} noValidate aria-busy={saving || undefined} aria-label={editing ? `Edit plan ${editing.name}` : 'Add plan'}>
      {summary && <Alert tone="error" className={css({ mt: '4' })}>{summary}</Alert>}
      <div className={fields}>
        <TextField label="Plan name" required maxLength={100} autoFocus className={wide} {...form.bind('name')} />
        <TextField label="Loan limit (books)" inputMode="numeric" helperText="Books a member may hold at once." {...rule('loan_limit')} />
        <TextField label="Loan period (days)" inputMode="numeric" helperText="Days from issue to due date." {...rule('loan_period_days')} />
        <TextField label="Fine per day (Rs.)" inputMode="decimal" helperText="For each day a book is late." {...rule('fine_per_day')} />
        <TextField label="Overdue fine cap per loan (Rs.)" inputMode="decimal" placeholder="None" helperText="The most one loan's overdue fine can reach. Blank = no cap." {...form.bind('max_overdue_fine')} />
        <TextField label="Fee (Rs.)" inputMode="decimal" required helperText="Charged when the membership starts." {...form.bind('fee')} />
        <TextField label="Validity (months)" inputMode="numeric" required {...form.bind('validity_months')} />
        <SelectField
          label="Default plan"
          options={DEFAULT_CHOICES}
          {...form.bind('is_default')}
          disabled={saving || editing?.is_default === true}
          helperText={editing?.is_default ? 'To change the default, make another plan the default.' : undefined}
        />
      </div>
      <CancelSubmit className={dialogActions} onCancel={onClose} saving={saving} submitLabel={editing ? 'Save plan' : 'Add plan'} loadingText="Saving..." />
    </form>
  );
}
