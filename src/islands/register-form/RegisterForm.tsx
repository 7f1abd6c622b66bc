/**
 * Member registration (/register), or completing an invitation (/register?invitation=<token>).
 * Client checks run first; the server's field errors show under their fields and the summary
 * follows the error catalogue. Nothing typed is lost on an error.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { text, textLink } from 'styled-system/recipes';
import { AuthHeading, formFootnote, formStack } from '../../components/AuthHeading';
import { ConfirmationPanel } from '../../components/ConfirmationPanel';
import { useMemberReference } from '../../components/sign-in/use-member-reference';
import { usePublicGuard } from '../../components/sign-in/use-public-guard';
import { useForm } from '../../components/use-form';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { MailIcon, CheckCircleIcon } from '../../components/ui/icons';
import { MIN_PASSWORD_LENGTH, validateRegistration, type RegistrationField, type RegistrationValues } from '../../lib/forms';
import type { RegistrationPayload } from '../../lib/api/auth';
import { invitationErrorMessage, registrationErrorMessage } from '../../lib/error-reading';

const EMPTY: RegistrationValues = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  password: '',
  password2: '',
  department: '',
  session: '',
};

const FIELDS = Object.keys(EMPTY) as RegistrationField[];

type Outcome = { kind: 'registered'; email: string } | { kind: 'invited' };

const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '5' });

function toPayload(values: RegistrationValues, withReferenceData: boolean): RegistrationPayload {
  const payload: RegistrationPayload = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    password2: values.password2,
  };
  if (withReferenceData && values.department) payload.department = values.department;
  if (withReferenceData && values.session) payload.session = values.session;
  return payload;
}

export default function RegisterForm() {
  const allowed = usePublicGuard('register');
  const invitation = useMemo(() => new URLSearchParams(window.location.search).get('invitation')?.trim() || null, []);
  const { departments, sessions } = useMemberReference(allowed && !invitation);
  const { formRef, saving, summary, bind, submit } = useForm({ initial: EMPTY });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const register = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: validateRegistration,
      send: async (values) => {
        // The HTTP calls load on submit: the page's first paint does not need them.
        const { confirmInvitation, registerMember } = await import('../../lib/api/auth');
        if (invitation) {
          await confirmInvitation(invitation, toPayload(values, false));
          setOutcome({ kind: 'invited' });
        } else {
          await registerMember(toPayload(values, true));
          setOutcome({ kind: 'registered', email: values.email.trim() });
        }
        window.scrollTo({ top: 0 });
      },
      fields: FIELDS,
      summary: invitation ? invitationErrorMessage : registrationErrorMessage,
    });

  if (!allowed) return null;

  if (outcome?.kind === 'registered') {
    return (
      <ConfirmationPanel icon={<MailIcon width={28} height={28} />} title="Check your e-mail" action={{ href: '/', label: 'Back to sign in' }}>
        <p>
          We sent a verification link to <strong className={text({ tone: 'default', wrapAnywhere: true })}>{outcome.email}</strong>.
          Open it to confirm your address.
        </p>
        <p>The library approves new accounts after verification. You can sign in once yours is approved.</p>
      </ConfirmationPanel>
    );
  }

  if (outcome?.kind === 'invited') {
    return (
      <ConfirmationPanel icon={<CheckCircleIcon width={28} height={28} />} title="Your account is ready" action={{ href: '/', label: 'Go to sign in' }}>
        <p>Your invitation is complete. Sign in with your username and password.</p>
      </ConfirmationPanel>
    );
  }

  return (
    <>
      <AuthHeading title={invitation ? 'Accept your invitation' : 'Create an account'}>
        {invitation
          ? 'The library invited you to join. Choose your username and password to finish your account.'
          : 'Register as a library member. After you confirm your e-mail, the library approves your account.'}
      </AuthHeading>
      <form ref={formRef} className={formStack} onSubmit={register} noValidate>
        {summary && <Alert tone="error">{summary}</Alert>}
        <div className={twoColumns}>
          <TextField label="First name" autoComplete="given-name" required {...bind('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required {...bind('last_name')} />
        </div>
        <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} required {...bind('username')} />
        <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required {...bind('email')} />
        <div className={twoColumns}>
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            {...bind('password')}
          />
          <PasswordField label="Confirm password" autoComplete="new-password" required {...bind('password2')} />
        </div>
        {(departments || sessions) && (
          <div className={twoColumns}>
            {departments && <SelectField label="Department (optional)" options={departments} placeholder="Not selected" {...bind('department')} />}
            {sessions && <SelectField label="Academic session (optional)" options={sessions} placeholder="Not selected" {...bind('session')} />}
          </div>
        )}
        <Button type="submit" fullWidth loading={saving} loadingText="Submitting...">
          {invitation ? 'Create my account' : 'Register'}
        </Button>
      </form>
      <p className={formFootnote}>
        Already have an account?{' '}
        <a href="/" className={textLink()}>
          Sign in
        </a>
      </p>
    </>
  );
}
