/** The member's Returned Books page (member/retuned): his returned books with dates, status and fine. */
import { useStore } from '@nanostores/react';
import { ReturnedHistoryTable } from '../../components/circulation/ReturnedHistoryTable';
import { $librarySettings } from '../../stores/library-settings';
import { $user } from '../../stores/session';

/** The signed-in member's returned books. */
export default function ReturnedBooks() {
  const user = useStore($user);
  const settings = useStore($librarySettings);
  if (!user) return null;
  return <ReturnedHistoryTable memberId={user.id} caption="Returned books" dateFormat={settings?.date_format} />;
}
