/** Set a new password (/reset-password/{uid}/{token}); success returns to sign in with a notice. */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { textLink } from 'styled-system/recipes';
import { AuthHeading, formFootnote, formStack } from '../../components/AuthHeading';
import { ConfirmationPanel } from '../../components/ConfirmationPanel';
import { focusFirstInvalid } from '../../components/focus-first-invalid';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { AlertIcon } from '../../components/ui/icons';
import { MIN_PASSWORD_LENGTH, validatePasswordPair } from '../../lib/forms';
import { resetPassword } from '../../lib/api/auth';
import { currentRouteParams } from '../../lib/deep-links';
import { errorMessage, fieldErrors } from '../../lib/errors';

type Errors = { password?: string | undefined; confirmation?: string | undefined };

export default function ResetPasswordForm() {
  const { uid, token } = useMemo(() => currentRouteParams(), []);
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!uid || !token) {
    return (
      <ConfirmationPanel
        tone="danger"
        icon={<AlertIcon width={28} height={28} />}
        title="This link is incomplete"
        action={{ href: '/forgot-password', label: 'Ask for a new link' }}
      >
        <p>Open the link from the e-mail again, or copy all of it into the address bar.</p>
      </ConfirmationPanel>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSummary(null);
    const found = validatePasswordPair(password, confirmation);
    setErrors(found);
    if (found.password || found.confirmation) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSubmitting(true);
    try {
      await resetPassword(uid!, token!, { password, confirm_password: confirmation });
      window.location.assign('/?reset=1');
    } catch (failure) {
      const byField = fieldErrors(failure);
      setErrors({ password: byField.password, confirmation: byField.confirm_password });
      const hasFieldError = Boolean(byField.password || byField.confirm_password);
      setSummary(
        errorMessage(
          failure,
          ['detail', 'non_field_errors', 'token', 'uid', 'transport'],
          hasFieldError ? 'Please correct the password below.' : 'The password could not be changed. Please try again.',
        ),
      );
      setSubmitting(false);
      focusFirstInvalid(formRef.current);
    }
  }

  return (
    <>
      <AuthHeading title="Set a new password">Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.</AuthHeading>
      <form ref={formRef} className={formStack} onSubmit={submit} noValidate>
        {summary && <Alert tone="error">{summary}</Alert>}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm_password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
        />
        <Button type="submit" fullWidth loading={submitting} loadingText="Submitting...">
          Change password
        </Button>
      </form>
      <p className={formFootnote}>
        Link expired?{' '}
        <a href="/forgot-password" className={textLink()}>
          Ask for a new one
        </a>
      </p>
    </>
  );
}
