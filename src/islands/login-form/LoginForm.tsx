/**
 * Sign-in (route /): username or e-mail and password; sends each role to its home or to `next`.
 * The session store and the HTTP client load on submit (or when a session is already stored), so
 * the page's first paint needs only the form.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { textLink } from 'styled-system/recipes';
import { AccountNameField } from '../../components/AccountNameField';
import { AuthHeading, formFootnote, formStack } from '../../components/AuthHeading';
import { usePublicGuard } from '../../components/sign-in/use-public-guard';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { useForm } from '../../components/use-form';
import { loginErrorMessage } from '../../lib/error-reading';
import { validateSignIn } from '../../lib/forms';
import { loginNotice } from '../../lib/login-notices';

const START = { username: '', password: '' };

export default function LoginForm() {
  const allowed = usePublicGuard('login');
  const next = useMemo(() => new URLSearchParams(window.location.search).get('next'), []);
  const notice = useMemo(() => loginNotice(window.location.search), []);
  const { formRef, summary, saving, bind, submit } = useForm({ initial: START });
  const [leaving, setLeaving] = useState(false);

  const signIn = (event: FormEvent<HTMLFormElement>) =>
    submit(event, {
      validate: validateSignIn,
      send: async (current) => {
        const { signInAndContinue } = await import('../../components/sign-in/session-actions');
        const target = await signInAndContinue({ username: current.username.trim(), password: current.password }, next);
        setLeaving(true);
        window.location.replace(target);
      },
      fields: [],
      summary: loginErrorMessage,
    });

  if (!allowed || leaving) return null;

  return (
    <>
      <AuthHeading title="Sign in">Welcome back. Sign in to your library account.</AuthHeading>
      <form ref={formRef} className={formStack} onSubmit={signIn} noValidate>
        {notice && !summary && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {summary && <Alert tone="error">{summary}</Alert>}
        {/* The page is there to sign in: the cursor waits in the first field. */}
        <AccountNameField {...bind('username')} autoFocus />
        <div className={flex({ direction: 'column', gap: '2' })}>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            {...bind('password')}
          />
          <a href="/forgot-password" className={cx(textLink(), css({ alignSelf: 'flex-end', display: 'inline-flex', alignItems: 'center', minH: '11', my: '-2', fontSize: 'sm' }))}>
            Forgot password?
          </a>
        </div>
        <Button type="submit" fullWidth loading={saving} loadingText="Signing in...">
          Sign in
        </Button>
      </form>
      <p className={formFootnote}>
        New to the library?{' '}
        <a href="/register" className={textLink()}>
          Create an account
        </a>
      </p>
    </>
  );
}
