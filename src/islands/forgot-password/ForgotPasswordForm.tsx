/**
 * Asks for a password reset link. The answer is the same whether or not the account exists (so
 * the page does not reveal who has one); only a network failure is reported as such.
 */
import { useRef, useState, type FormEvent } from 'react';
import { textLink } from 'styled-system/recipes';
import { AccountNameField } from '../../components/AccountNameField';
import { AuthHeading, formFootnote, formStack } from '../../components/AuthHeading';
import { ConfirmationPanel } from '../../components/ConfirmationPanel';
import { focusFirstInvalid } from '../../components/focus-first-invalid';
import { useRouteGuard } from '../../components/use-route-guard';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { MailIcon } from '../../components/ui/icons';
import { forgotPassword } from '../../lib/api/auth';
import { isNetworkError } from '../../lib/errors';

export default function ForgotPasswordForm() {
  const allowed = useRouteGuard('forgot-password');
  const formRef = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [networkError, setNetworkError] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNetworkError(false);
    if (!username.trim()) {
      setFieldError('Enter your username or e-mail.');
      focusFirstInvalid(formRef.current);
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      await forgotPassword(username.trim());
      setSent(true);
    } catch (failure) {
      if (isNetworkError(failure)) setNetworkError(true);
      else setSent(true);
    } finally {
      setSubmitting(false);
    }
  }

  if (!allowed) return null;

  if (sent) {
    return (
      <ConfirmationPanel icon={<MailIcon width={28} height={28} />} title="Check your e-mail" action={{ href: '/', label: 'Back to sign in' }}>
        <p>If an account matches what you entered, we have sent it a link to set a new password.</p>
        <p>The link works once and expires after a while. Nothing arrived? Check your spam folder, or ask the library desk.</p>
      </ConfirmationPanel>
    );
  }

  return (
    <>
      <AuthHeading title="Forgot your password?">
        Enter your username or e-mail address and we will send you a link to set a new password.
      </AuthHeading>
      <form ref={formRef} className={formStack} onSubmit={submit} noValidate>
        {networkError && (
          <Alert tone="error" title="The library server could not be reached.">
            Check your connection and try again.
          </Alert>
        )}
        <AccountNameField value={username} onChange={setUsername} error={fieldError} />
        <Button type="submit" fullWidth loading={submitting} loadingText="Sending Request...">
          Send reset link
        </Button>
      </form>
      <p className={formFootnote}>
        Remembered it?{' '}
        <a href="/" className={textLink()}>
          Back to sign in
        </a>
      </p>
    </>
  );
}
