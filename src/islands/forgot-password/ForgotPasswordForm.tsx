/**
 * Asks for a password reset link. The answer is the same whether or not the account exists (so
 * the page does not reveal who has one); only a network failure is reported as such.
 */
import { useState, type FormEvent } from 'react';
import { textLink } from 'styled-system/recipes';
import { AccountNameField } from '../../components/AccountNameField';
import { AuthHeading, formFootnote, formStack } from '../../components/AuthHeading';
import { ConfirmationPanel } from '../../components/ConfirmationPanel';
import { usePublicGuard } from '../../components/sign-in/use-public-guard';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { MailIcon } from '../../components/ui/icons';
import { useForm } from '../../components/use-form';
import { isNetworkError } from '../../lib/error-reading';
import { validateAccountName } from '../../lib/forms';

const START = { username: '' };

export default function ForgotPasswordForm() {
  const allowed = usePublicGuard('forgot-password');
  const { formRef, saving, bind, submit } = useForm({ initial: START });
  const [networkError, setNetworkError] = useState(false);
  const [sent, setSent] = useState(false);

  const ask = (event: FormEvent<HTMLFormElement>) => {
    setNetworkError(false);
    return submit(event, {
      validate: validateAccountName,
      send: async (current) => {
        // The HTTP client loads on submit: the page's first paint does not need it.
        const { forgotPassword } = await import('../../lib/api/auth');
        try {
          await forgotPassword(current.username.trim());
        } catch (failure) {
          // Only "no answer" is reported: any other answer reads as sent, so the page does not reveal who has an account.
          if (isNetworkError(failure)) return setNetworkError(true);
        }
        setSent(true);
      },
      fields: [],
      summary: () => null,
    });
  };

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
      <form ref={formRef} className={formStack} onSubmit={ask} noValidate>
        {networkError && (
          <Alert tone="error" title="The library server could not be reached.">
            Check your connection and try again.
          </Alert>
        )}
        <AccountNameField {...bind('username')} />
        <Button type="submit" fullWidth loading={saving} loadingText="Sending Request...">
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
