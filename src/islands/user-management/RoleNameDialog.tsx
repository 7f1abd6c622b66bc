/** Create a role, or rename one: a single required name. */
import { useEffect, useState, type FormEvent } from 'react';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { fieldErrors } from '../../lib/errors';

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
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setName(initialName);
      setError(undefined);
      setSummary(null);
    }
  }, [open, initialName]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Role name is required.');
      return;
    }
    setBusy(true);
    setSummary(null);
    try {
      await onSubmit(trimmed);
      onOpenChange(false);
    } catch (failure) {
      const fieldError = fieldErrors(failure).name;
      setError(fieldError);
      setSummary(fieldError ? null : describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={busy} title={mode === 'create' ? 'Create role' : 'Rename role'} description={mode === 'create' ? 'Give the role a name; choose its permissions next.' : undefined}>
      <form onSubmit={submit} noValidate style={{ marginTop: '1rem' }}>
        {summary && <Alert tone="error">{summary}</Alert>}
        <TextField
          label="Role name"
          required
          maxLength={150}
          value={name}
          error={error}
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <div className={dialogActions}>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} loadingText="Submitting...">
            {mode === 'create' ? 'Create role' : 'Save name'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
