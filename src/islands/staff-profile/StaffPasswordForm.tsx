/** The staff profile's password change: the current password, then the new one twice. */
import type { FormEvent } from 'react';
import { fieldGrid, formActions, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { updateStaffProfile } from '../../lib/api/users';
import { profileErrorMessage } from '../../lib/errors';
import { MIN_PASSWORD_LENGTH, buildFormData, validatePasswordChange, type PasswordChangeValues } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';

type Role = Parameters<typeof updateStaffProfile>[0];

const PASSWORD_FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;
const NO_PASSWORDS: PasswordChangeValues = { old_password: '', new_password: '', confirm_password: '' };

export function StaffPasswordForm({ role, username }: { role: Role; username: string }) {
  const password = useForm({ initial: NO_PASSWORDS });

  const changePassword = (event: FormEvent<HTMLFormElement>) =>
    password.submit(event, {
      validate: validatePasswordChange,
      send: async (current) => {
        await updateStaffProfile(role, buildFormData({ ...current }));
        password.reset(NO_PASSWORDS);
        toast.success(NOTICES.passwordChanged);
      },
      fields: PASSWORD_FIELDS,
      // A wrong old password shows under its field; only an answer without field errors needs a summary.
      summary: (failure, fieldErrorsShown) => (fieldErrorsShown ? null : profileErrorMessage(failure)),
    });

  return (
    <form ref={password.formRef} onSubmit={changePassword} noValidate className={stack} aria-label="Change password">
      {password.summary && <Alert tone="error">{password.summary}</Alert>}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField label="Current password" autoComplete="current-password" required {...password.bind('old_password')} />
      <div className={fieldGrid}>
        <PasswordField label="New password" autoComplete="new-password" required helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`} {...password.bind('new_password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...password.bind('confirm_password')} />
      </div>
      <div className={formActions}>
        <Button type="submit" variant="outline" loading={password.saving} loadingText="Submitting...">
          Change password
        </Button>
      </div>
    </form>
  );
}
