/**
 * The staff top bar (section 2, "Staff top bar"): the page title ('Settings' on settings paths),
 * the page's action buttons (see `PageActions`), a shortcut menu, the theme toggle and the user
 * menu. Renders nothing for members (the member top bar shows instead).
 */
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { MenuLinkItem, TopBarTitle, UserMenu, displayName, iconButton, menuContent, topBarRow } from '../../components/TopBarParts';
import { ArrowDownLeftIcon, ArrowUpRightIcon, BookIcon, UsersIcon, ZapIcon } from '../../components/ui/icons';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { isStaffRole } from '../../lib/permission-codes';
import { pathFor, route } from '../../lib/routes';
import { pageActionSets, topBarTitle, type PageActionSet } from '../../lib/top-bar';
import { $session, $user } from '../../stores/session';
import { BookActions, OPEN_ADD_BOOK_PARAM } from './BookActions';

export default function StaffTopBar({ routeId }: { routeId: string }) {
  const session = useStore($session);
  const user = useStore($user);
  if (!session || !user || !isStaffRole(session.role)) return null;
  const path = window.location.pathname;
  return (
    <div className={topBarRow}>
      <TopBarTitle>{topBarTitle(route(routeId), path)}</TopBarTitle>
      <PageActions sets={pageActionSets(path, session)} path={path} />
      <ShortcutMenu />
      <ThemeToggle />
      <UserMenu name={displayName(user)} detail={user.role} profileHref={pathFor('staff-profile')} />
    </div>
  );
}

/**
 * The page's action buttons: `sets` already follows the path and permission rules. On books paths
 * the book actions also host the book form modal that a record row's Edit opens, so they render
 * there even for staff without add_book. The members set comes with the members capability.
 */
function PageActions({ sets, path }: { sets: PageActionSet[]; path: string }) {
  if (!path.includes('books/')) return null;
  return <BookActions canAdd={sets.includes('books')} />;
}

function ShortcutMenu() {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 6 }}>
      <Menu.Trigger aria-label="Shortcuts" title="Shortcuts" className={iconButton}>
        <ZapIcon />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={menuContent}>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel className={css({ px: '2.5', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' })}>
                Shortcuts
              </Menu.ItemGroupLabel>
              <MenuLinkItem value="issue" href={pathFor('book-issue')} icon={<ArrowUpRightIcon width={16} height={16} />}>
                Issue Book
              </MenuLinkItem>
              <MenuLinkItem value="return" href={pathFor('book-return')} icon={<ArrowDownLeftIcon width={16} height={16} />}>
                Return Book
              </MenuLinkItem>
              <MenuLinkItem value="add-book" href={`${pathFor('book-record')}?${OPEN_ADD_BOOK_PARAM}=1`} icon={<BookIcon width={16} height={16} />}>
                Add Book
              </MenuLinkItem>
              <MenuLinkItem value="add-member" href={pathFor('member-add-form')} icon={<UsersIcon width={16} height={16} />}>
                Add Member
              </MenuLinkItem>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
