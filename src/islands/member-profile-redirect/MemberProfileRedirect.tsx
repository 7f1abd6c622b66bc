/** /dashboard/member/profile: sends the member to their own profile view. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pathFor } from '#shared/routes';
import { $user } from '../../stores/session';

export default function MemberProfileRedirect() {
  const user = useStore($user);
  const target = user ? pathFor('member-profile-view', { memberId: user.id }) : null;
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  return null;
}
