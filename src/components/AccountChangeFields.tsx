/**
 * The part of a profile form that guards the account's sign-in: the "Current password" field,
 * shown while the username or e-mail is being changed, and the notice of a new e-mail address that
 * waits for its confirmation link. Used by the staff and the member profile.
 */
import { Alert } from './ui/Alert';
import { PasswordField, type PasswordFieldProps } from './ui/PasswordField';

export function PendingEmailNotice({ pendingEmail }: { pendingEmail: string | null | undefined }) {
  if (!pendingEmail) return null;
  return (
    <Alert tone="info" title="Confirm your new e-mail address">
      We sent a confirmation link to {pendingEmail}. Your e-mail address changes when you open it; until then the current one stays in use.
    </Alert>
  );
}

/** The "Current password" field, shown only while `shown` (spread the form's `bind('current_password')` on it). */
export function CurrentPasswordField({ shown, ...field }: { shown: boolean } & Omit<PasswordFieldProps, 'label'>) {
  if (!shown) return null;
  return (
    <PasswordField
      label="Current password"
      autoComplete="current-password"
      required
      helperText="Needed to change your username or e-mail."
      {...field}
    />
  );
}
