/** Set a new password (/reset-password/{uid}/{token}); success returns to sign in with a notice. */
import { useMemo, type FormEvent } from 'react';
import { textLink } from 'styled-system/recipes';
import { AuthHeading, formFootnote, formStack } from '../../components/AuthHeading';
import { ConfirmationPanel } from '../../components/ConfirmationPanel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { AlertIcon } from '../../components/ui/icons';
import { useForm } from '../../components/use-form';
import { FORM_MESSAGES, MIN_PASSWORD_LENGTH, validatePasswordReset } from '../../lib/forms';
import { currentRouteParams } from '../../lib/deep-links';
import { errorMessage } from '../../lib/error-reading';

const START = { password: '', confirm_password: '' };

export default function ResetPasswordForm() {
  const { uid, token } = useMemo(() => currentRouteParams(), []);
  const { formRef, summary, saving, bind, submit } = useForm({ initial: START });

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

  const change = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: validatePasswordReset,
      send: async (current) => {
        // The HTTP client loads on submit: the page's first paint does not need it.
        const { resetPassword } = await import('../../lib/api/auth');
        await resetPassword(uid!, token!, current);
        window.location.assign('/?reset=1');
        // Stay busy while the browser leaves for the sign-in page.
        await new Promise(() => undefined);
      },
      fields: ['password', 'confirm_password'],
      summary: (failure, fieldErrorsShown) =>
        errorMessage(
          failure,
          ['detail', 'non_field_errors', 'token', 'uid', 'transport'],
          fieldErrorsShown ? FORM_MESSAGES.correctPassword : FORM_MESSAGES.passwordNotChanged,
        ),
    });

  return (
    <>
      <AuthHeading title="Set a new password">Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.</AuthHeading>
      <form ref={formRef} className={formStack} onSubmit={change} noValidate>
        {summary && <Alert tone="error">{summary}</Alert>}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          {...bind('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...bind('confirm_password')}
        />
        <Button type="submit" fullWidth loading={saving} loadingText="Submitting...">
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
