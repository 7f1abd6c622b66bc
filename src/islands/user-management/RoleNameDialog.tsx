/**
 * Create a role, or rename one: a single required name, on the one form hook. The form lives in
 * its content, mounted per opening (the modal unmounts it when it closes), so each opening starts
 * from the name given and a closed dialog keeps nothing.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { useForm } from '../../components/use-form';
import { validateRoleName } from '../../lib/forms';

export interface RoleNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current name when renaming; empty when creating. */
  initialName: string;
  mode: 'create' | 'rename';
  /** Saves the name; throws the failed call's error. */
  onSubmit: (name: string) => Promise<void>;
  /** The summary message for a failure. */
  describeError: (error: unknown) => string;
}

export function RoleNameDialog({ open, onOpenChange, initialName, mode, onSubmit, describeError }: RoleNameDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} busy={busy} title={mode === 'create' ? 'Create role' : 'Rename role'} description={mode === 'create' ? 'Give the role a name; choose its permissions next.' : undefined}>
      <RoleNameForm initialName={initialName} mode={mode} onSubmit={onSubmit} describeError={describeError} onClose={() => onOpenChange(false)} onBusy={setBusy} />
    </Modal>
  );
}

type RoleNameFormProps = Pick<RoleNameDialogProps, 'initialName' | 'mode' | 'onSubmit' | 'describeError'> & { onClose: () => void; onBusy: (busy: boolean) => void };

/** The name form; its value and errors live here, from the name given at opening. */
function RoleNameForm({ initialName, mode, onSubmit, describeError, onClose, onBusy }: RoleNameFormProps) {
  const { formRef, bind, summary, saving: busy, submit } = useForm({ initial: { name: initialName } });

  useEffect(() => onBusy(busy), [busy]);
  useEffect(() => () => onBusy(false), []);

  const save = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: validateRoleName,
      send: async (values) => {
        await onSubmit(values.name.trim());
        onClose();
      },
      fields: ['name'],
      // A name the server refuses shows under the field; anything else above the form.
      summary: (failure, fieldErrorsShown) => (fieldErrorsShown ? null : describeError(failure)),
    });

  return (
    <form ref={formRef} onSubmit={save} noValidate style={{ marginTop: '1rem' }}>
      {summary && <Alert tone="error">{summary}</Alert>}
      <TextField label="Role name" required maxLength={150} autoFocus {...bind('name')} />
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} loadingText="Submitting...">
          {mode === 'create' ? 'Create role' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
