/**
 * A member's current loans and loan history for the staff view of his profile. The panels (their
 * tables, calls and the Return Book dialog's opener) load after the profile has drawn, so the
 * profile page stays within its JS budget; "Loading..." shows meanwhile.
 */
import { useEffect } from 'react';
import { LoadingState } from '../ui/Spinner';
import { lazyPart, useLazyPart } from '../ui/lazy-part';

const view = lazyPart(() => import('./MemberLoansPanelsView'));

/** The loan panels of one member (`memberId`: his user id); see the module comment. */
export function MemberLoansPanels(props: { memberId: string | number; onChanged?: (() => void) | undefined }) {
  const loaded = useLazyPart(view);
  useEffect(() => void view.load().catch(() => undefined), []);
  return loaded ? <loaded.MemberLoansPanelsView {...props} /> : <LoadingState />;
}
