/** One role of User Management: its name and facts (opening its users), Permissions, and for a custom role Rename and Delete. */
import { cx, sva } from 'styled-system/css';
import { badge, button, card, focusable } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { ChevronRightIcon } from '../../components/ui/icons';
import { pathFor } from '#shared/routes';
import type { Role } from '../../lib/schemas/roles';
import { roleUserCount } from '../../lib/user-management';
import { RoleUsers } from './RoleUsers';

/** A role's card: the head (toggle, facts, actions) and, open, its users under a rule. */
const roleCard = sva({
  slots: ['head', 'toggle', 'chevron', 'name', 'actions', 'danger', 'users'],
  base: {
    head: { display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', p: { base: '3', md: '4' } },
    toggle: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '3', rowGap: '1', flex: '1', minW: '12rem', minH: '11', textAlign: 'left', cursor: 'pointer', borderRadius: 'md', px: '2', _hover: { bg: 'bg.muted' } },
    chevron: { transition: 'transform 0.15s', '[aria-expanded=true] > &': { transform: 'rotate(90deg)' } },
    name: { fontWeight: 'semibold', overflowWrap: 'break-word', minW: '0' },
    actions: { display: 'flex', gap: '2', flexWrap: 'wrap' },
    danger: { color: 'danger.fg' },
    users: { borderTopWidth: '1px', borderColor: 'border.default', p: { base: '3', md: '4' } },
  },
})();
const toggle = cx(focusable(), roleCard.toggle);
const pill = badge();

interface RoleCardProps {
  role: Role;
  open: boolean;
  onToggle: () => void;
  onRename: () => void;
  onDelete: () => void;
  onChanged: () => Promise<void>;
}

export function RoleCard({ role, open, onToggle, onRename, onDelete, onChanged }: RoleCardProps) {
  const id = String(role.id);
  const panelId = `role-${id}-users`;
  return (
    <li className={card({ clip: true })}>
      <div className={roleCard.head}>
        <button type="button" className={toggle} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <ChevronRightIcon width="18" height="18" className={roleCard.chevron} />
          <span className={roleCard.name}>{role.name}</span>
          {role.built_in && <span className={pill}>Built-in</span>}
          <span className={pill}>{roleUserCount(role.user_count)}</span>
        </button>
        <div className={roleCard.actions}>
          <a className={button({ variant: 'outline' })} href={pathFor('settings-edit-role', { role_id: id })} aria-label={`Edit permissions of ${role.name}`}>
            Permissions
          </a>
          {!role.built_in && (
            <>
              <Button variant="ghost" onClick={onRename} aria-label={`Rename ${role.name}`}>
                Rename
              </Button>
              <Button variant="ghost" className={roleCard.danger} onClick={onDelete} aria-label={`Delete ${role.name}`}>
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
      {open && (
        <div id={panelId} role="region" aria-label={`Users with role ${role.name}`} className={roleCard.users}>
          <RoleUsers role={role} onChanged={onChanged} />
        </div>
      )}
    </li>
  );
}
