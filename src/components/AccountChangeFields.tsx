/**
 * The part of a profile form that guards the account's sign-in: the "Current password" field,
 * shown while the username or e-mail is being changed, and the notice of a new e-mail address that
 * waits for its confirmation link. Used by the staff and the member profile.
 */
import type { ChangeEvent } from 'react';
import { Alert } from './ui/Alert';
import { PasswordField } from './ui/PasswordField';

export function PendingEmailNotice({ pendingEmail }: { pendingEmail: string | null | undefined }) {
  if (!pendingEmail) return null;
  return (
    <Alert tone="info" title="Confirm your new e-mail address">
      We sent a confirmation link to {pendingEmail}. Your e-mail address changes when you open it; until then the current one stays in use.
    </Alert>
  );
}

export function CurrentPasswordField({
  shown,
  value,
  error,
  disabled,
  onChange,
}: {
  shown: boolean;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  if (!shown) return null;
  return (
    <PasswordField
      label="Current password"
      name="current_password"
      autoComplete="current-password"
      required
      helperText="Needed to change your username or e-mail."
      value={value}
      error={error}
      disabled={disabled}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
    />
  );
}
