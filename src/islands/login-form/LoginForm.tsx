/** Sign-in (route /): username or e-mail and password; sends each role to its home or to `next`. */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';
import { AccountNameField } from '../../components/AccountNameField';
import { AuthHeading, formFootnote, formStack } from '../../components/AuthHeading';
import { focusFirstInvalid } from '../../components/focus-first-invalid';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { loginErrorMessage } from '../../lib/errors';
import { afterSignInPath } from '../../lib/guard';
import { loginNotice } from '../../lib/login-notices';
import { $session, signIn } from '../../stores/session';

type Field = 'username' | 'password';

export default function LoginForm() {
  const session = useStore($session);
  const query = useMemo(() => new URLSearchParams(window.location.search), []);
  const notice = useMemo(() => loginNotice(window.location.search), []);
  const formRef = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Signed in already (or just now, or in another tab): go home, or to `next`.
  useEffect(() => {
    if (session) window.location.replace(afterSignInPath(session.role, query.get('next')));
  }, [session, query]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!username.trim()) errors.username = 'Enter your username or e-mail.';
    if (!password) errors.password = 'Enter your password.';
    setFieldErrors(errors);
    setError(null);
    if (errors.username || errors.password) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSubmitting(true);
    try {
      await signIn({ username: username.trim(), password });
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setSubmitting(false);
    }
  }

  if (session) return null;

  return (
    <>
      <AuthHeading title="Sign in">Welcome back. Sign in to your library account.</AuthHeading>
      <form ref={formRef} className={formStack} onSubmit={submit} noValidate>
        {notice && !error && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <AccountNameField value={username} onChange={setUsername} error={fieldErrors.username} />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
          />
          <a href="/forgot-password" className={cx(textLink(), css({ alignSelf: 'flex-end', display: 'inline-flex', alignItems: 'center', minH: '11', my: '-2', fontSize: 'sm' }))}>
            Forgot password?
          </a>
        </div>
        <Button type="submit" fullWidth loading={submitting} loadingText="Signing in...">
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
