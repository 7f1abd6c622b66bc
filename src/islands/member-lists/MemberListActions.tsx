/** The member lists' buttons: the bar of bulk actions on the ticked rows, and one row's actions. */
import { css, cx } from 'styled-system/css';
import { text, toolbar } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { MEMBER_ACTION_WORDS, type MemberAction } from '../../lib/member-lists';
import type { MemberListItem } from '../../lib/schemas/member-lists';
import { displayName } from '#shared/person-name';

const bulkBar = cx(toolbar({ align: 'center', gap: 'sm', full: true }), text({ size: 'sm', weight: 'medium' }));
// An inline style, not the text recipe: it must win over the button recipe's own colour.
const dangerText = css({ color: 'danger.fg' });

/** "n selected", a button per bulk action, and Clear selection; nothing while no row is ticked. */
export function BulkBar({ actions, chosen, onAsk, onClear }: { actions: readonly MemberAction[]; chosen: MemberListItem[]; onAsk: (action: MemberAction) => void; onClear: () => void }) {
  if (actions.length === 0 || chosen.length === 0) return null;
  return (
    <div className={bulkBar} role="group" aria-label="Selected members">
      <span>{chosen.length} selected</span>
      {actions.map((action) => (
        <Button key={action} variant={MEMBER_ACTION_WORDS[action].danger ? 'danger' : 'solid'} size="sm" onClick={() => onAsk(action)}>
          {MEMBER_ACTION_WORDS[action].button} selected
        </Button>
      ))}
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}

/** One member's actions, each named with the member for screen readers. */
export function MemberRowActions({ member, actions, onAsk }: { member: MemberListItem; actions: readonly MemberAction[]; onAsk: (action: MemberAction) => void }) {
  return actions.map((action) => (
    <Button
      key={action}
      variant={MEMBER_ACTION_WORDS[action].danger ? 'outline' : 'solid'}
      size="sm"
      className={cx(MEMBER_ACTION_WORDS[action].danger && dangerText)}
      aria-label={`${MEMBER_ACTION_WORDS[action].button} ${displayName(member)}`}
      onClick={() => onAsk(action)}
    >
      {MEMBER_ACTION_WORDS[action].button}
    </Button>
  ));
}
