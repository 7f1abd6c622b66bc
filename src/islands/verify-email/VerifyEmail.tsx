/** E-mail verification (/auth/verify-email/{uid}/{token}): verifies once on arrival. */
import { useEffect, useRef, useState } from 'react';
import { ConfirmationPanel } from '../../components/ConfirmationPanel';
import { LoadingState } from '../../components/ui/Spinner';
import { AlertIcon, CheckCircleIcon } from '../../components/ui/icons';
import { currentRouteParams } from '../../lib/deep-links';
import { callErrorMessage } from '../../lib/errors';

type State = { kind: 'verifying' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

const INCOMPLETE = 'This verification link is incomplete. Open the link from the e-mail again, or copy all of it into the address bar.';

export default function VerifyEmail() {
  const [state, setState] = useState<State>({ kind: 'verifying' });
  const started = useRef(false);

  useEffect(() => {
    // A verification link may work only once: never call twice for one visit.
    if (started.current) return;
    started.current = true;
    const { uid, token } = currentRouteParams();
    if (!uid || !token) {
      setState({ kind: 'failed', message: INCOMPLETE });
      return;
    }
    // The HTTP client loads after the first paint (the "Verifying" state needs none of it).
    import('../../lib/api/auth')
      .then(({ verifyEmail }) => verifyEmail(uid, token))
      .then((answer) => setState({ kind: 'verified', message: answer.detail || 'Email verified successfully.' }))
      .catch((failure: unknown) =>
        setState({ kind: 'failed', message: callErrorMessage('verify-email', failure) }),
      );
  }, []);

  if (state.kind === 'verifying') return <LoadingState text="Verifying your e-mail..." />;

  if (state.kind === 'verified') {
    return (
      <ConfirmationPanel icon={<CheckCircleIcon width={28} height={28} />} title="E-mail verified" action={{ href: '/?verified=1', label: 'Go to sign in' }}>
        <p>{state.message}</p>
        <p>The library approves new accounts; you can sign in once yours is approved.</p>
      </ConfirmationPanel>
    );
  }

  return (
    <ConfirmationPanel
      tone="danger"
      icon={<AlertIcon width={28} height={28} />}
      title="We could not verify your e-mail"
      action={{ href: '/', label: 'Back to sign in' }}
    >
      <p>{state.message}</p>
      <p>If your link has expired, register again or ask the library desk for help.</p>
    </ConfirmationPanel>
  );
}
