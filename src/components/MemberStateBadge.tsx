/** A member's state (active, pending, rejected, disabled) as a badge: the member lists and the staff profile view. */
import { badge } from 'styled-system/recipes';
import { MEMBER_STATE_TEXT, type MemberState } from '#shared/member-state';

const STATE_TONE: Record<MemberState, 'success' | 'danger' | 'neutral' | 'warning'> = {
  active: 'success',
  pending: 'warning',
  rejected: 'danger',
  disabled: 'neutral',
};

/** The state's word in its tone. */
export function MemberStateBadge({ state }: { state: MemberState }) {
  return (
    <span className={badge({ tone: STATE_TONE[state] })} data-state={state}>
      {MEMBER_STATE_TEXT[state]}
    </span>
  );
}
