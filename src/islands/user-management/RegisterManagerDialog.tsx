/**
 * "Register manager": `POST /auth/register/manager/`; field errors under fields, else a summary.
 * The form lives in its content, mounted per opening (the modal unmounts it when it closes): a
 * cancelled registration keeps nothing, not even the typed password.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { registerManager, type ManagerRegistration } from '../../lib/api/roles';
import { callErrorMessage } from '../../lib/errors';
import { validateManager } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';
import { dialogAlert } from './styles';

type Values = Required<ManagerRegistration>;
type Field = keyof Values;
const FIELDS: readonly Field[] = ['first_name', 'last_name', 'username', 'email', 'password', 'password2', 'member_id', 'contact_number'];
const EMPTY: Values = { first_name: '', last_name: '', username: '', email: '', password: '', password2: '', member_id: '', contact_number: '' };

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', mt: '4' });

/** The dialog: the modal alone, with the form mounted while it is open. */
export function RegisterManagerDialog({ open, onOpenChange, onRegistered }: { open: boolean; onOpenChange: (open: boolean) => void; onRegistered: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} busy={busy} title="Register manager" description="The new manager gets a welcome e-mail and the MANAGER role's permissions.">
      <RegisterManagerForm onClose={() => onOpenChange(false)} onRegistered={onRegistered} onBusy={setBusy} />
    </Modal>
  );
}

/** The registration form; every value and error of the dialog lives here. */
function RegisterManagerForm({ onClose, onRegistered, onBusy }: { onClose: () => void; onRegistered: () => void; onBusy: (busy: boolean) => void }) {
  const { formRef, bind, summary, saving: busy, submit } = useForm({ initial: EMPTY });

  useEffect(() => onBusy(busy), [busy]);
  useEffect(() => () => onBusy(false), []);

  const register = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: validateManager,
      send: async (values) => {
        const body: ManagerRegistration = { username: values.username.trim(), email: values.email.trim(), password: values.password, password2: values.password2 };
        for (const field of ['first_name', 'last_name', 'member_id', 'contact_number'] as const) {
          if (values[field].trim()) body[field] = values[field].trim();
        }
        const created = await registerManager(body);
        toast.success(NOTICES.managerRegistered(created.username));
        onClose();
        onRegistered();
      },
      fields: FIELDS,
      summary: (failure, fieldErrorsShown) => (fieldErrorsShown ? null : callErrorMessage('register-manager', failure)),
    });

  return (
    <form ref={formRef} onSubmit={register} noValidate>
      {summary && <Alert tone="error" className={dialogAlert}>{summary}</Alert>}
      <div className={grid}>
        <TextField label="First name" autoComplete="off" {...bind('first_name')} />
        <TextField label="Last name" autoComplete="off" {...bind('last_name')} />
        <TextField label="Username" required autoCapitalize="none" spellCheck={false} autoComplete="off" {...bind('username')} />
        <TextField label="E-mail" type="email" required autoComplete="off" {...bind('email')} />
        <PasswordField label="Password" required autoComplete="new-password" {...bind('password')} />
        <PasswordField label="Confirm password" required autoComplete="new-password" {...bind('password2')} />
        <TextField label="Staff ID (optional)" {...bind('member_id')} />
        <TextField label="Contact number (optional)" type="tel" {...bind('contact_number')} />
      </div>
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} loadingText="Submitting...">
          Register manager
        </Button>
      </div>
    </form>
  );
}
