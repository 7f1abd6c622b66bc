/**
 * The member's wish-list dropdown in the member top bar: each entry shows the cover, the
 * title (a link to the book's profile) and a remove icon; removing asks 'Are you sure you want to
 * remove this book?' with 'Yes, remove', then toasts 'Book removed successfully'. Empty text:
 * 'No Book in WishList'. The list loads with the page; the dropdown's code (Ark Popover, the
 * confirm dialog) loads after first paint (`WishListPopover.tsx`), its trigger shows at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { iconButton } from '../../components/TopBarParts';
import { HeartIcon } from '../../components/ui/icons';
import { lazyPart, useLazyPopup } from '../../components/ui/lazy-part';
import { $wishlist, loadWishlist } from '../../stores/wishlist';

const popover = lazyPart(() => import('./WishListPopover'));

export function WishListMenu() {
  const items = useStore($wishlist);
  const { view, openAtStart, triggerProps } = useLazyPopup(popover, 'wishlist-trigger', 'dialog');

  useEffect(() => {
    loadWishlist().catch(() => undefined);
  }, []);

  const count = items?.length ?? 0;
  const label = `Wish list, ${count} ${count === 1 ? 'book' : 'books'}`;
  if (view) return <view.WishListPopover triggerId={triggerProps.id} defaultOpen={openAtStart} label={label} items={items} />;
  return (
    <button type="button" className={iconButton} aria-label={label} title="Wish list" {...triggerProps}>
      <HeartIcon />
    </button>
  );
}
