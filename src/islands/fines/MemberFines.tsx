/** The member's own Fines page: his fines with totals and his payments with their receipts. */
import { useStore } from '@nanostores/react';
import { MemberFinesPanel } from '../../components/fines/MemberFinesPanel';
import { $user } from '../../stores/session';

export default function MemberFines() {
  const user = useStore($user);
  if (!user) return null;
  return <MemberFinesPanel memberId={user.id} memberName={user.username} />;
}
