/**
 * The wish-list dropdown itself on Ark Popover (outside click and Escape close it), with the
 * removal confirmation and its toast. Loaded after first paint through `WishListMenu`.
 */
import { Popover } from '@ark-ui/react/popover';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { focusable, popover } from 'styled-system/recipes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { LazyMenuProps } from '../../components/TopBarMenus';
import { iconButton } from '../../components/TopBarParts';
import { BookIcon, HeartIcon, TrashIcon } from '../../components/ui/icons';
import { PopoverPanel } from '../../components/ui/PopoverPanel';
import { toast } from '../../components/ui/Toaster';
import { callErrorMessage } from '../../lib/errors';
import { pathFor } from '#shared/routes';
import type { WishlistItem } from '../../lib/schemas/wishlist';
import { removeWishlistEntry } from '../../stores/wishlist';
import { NOTICES } from '../../lib/notices';

const look = popover({ size: 'sm' });
/** A book of the list: its cover and title as one link, with Remove beside it. */
const entry = css({ display: 'flex', alignItems: 'center', gap: '2', p: '1', borderRadius: 'md', _hover: { bg: 'bg.muted' } });
const entryLink = cx(focusable(), css({ display: 'flex', alignItems: 'center', gap: '2.5', flex: '1', minW: '0', color: 'fg.default', textDecoration: 'none', fontSize: 'sm', borderRadius: 'sm' }));
const cover = css({ flex: 'none', w: '8', h: '11', objectFit: 'cover', borderRadius: 'sm', bg: 'bg.muted' });

/** The dropdown with its trigger (`label` names the trigger with the count). */
export function WishListPopover({ triggerId, defaultOpen, label, items }: LazyMenuProps & { label: string; items: WishlistItem[] | null }) {
  const [open, setOpen] = useState(defaultOpen);
  const [removing, setRemoving] = useState<WishlistItem | null>(null);

  async function confirmRemoval(): Promise<void> {
    if (!removing) return;
    try {
      await removeWishlistEntry(removing.id);
      toast.success(NOTICES.wishListRemoved);
    } catch (error) {
      toast.error(callErrorMessage('wishlist', error));
      throw error;
    }
  }

  return (
    <>
      <PopoverPanel
        triggerId={triggerId}
        open={open}
        onOpenChange={setOpen}
        size="sm"
        label={label}
        title="Wish list"
        icon={<HeartIcon />}
      >
        <Popover.Title className={look.title}>Wish list</Popover.Title>
        {items === null ? (
          <p className={look.note}>Loading...</p>
        ) : items.length === 0 ? (
          <p className={look.note}>No Book in WishList</p>
        ) : (
          <ul aria-label="Books in your wish list" className={look.list}>
            {items.map((item) => (
              <li key={item.id} className={entry}>
                <a
                  href={pathFor('book-profile', { bookId: item.book.id })}
                  className={entryLink}
                >
                  {item.book.cover_photo ? (
                    <img src={item.book.cover_photo} alt="" width={32} height={44} className={cover} loading="lazy" />
                  ) : (
                    <span className={`${cover} ${css({ display: 'grid', placeItems: 'center', color: 'fg.muted' })}`}>
                      <BookIcon width={16} height={16} />
                    </span>
                  )}
                  <span className={css({ lineClamp: '2' })}>{item.book.title}</span>
                </a>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Remove ${item.book.title} from wish list`}
                  onClick={() => {
                    setOpen(false);
                    setRemoving(item);
                  }}
                >
                  <TrashIcon width={18} height={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverPanel>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => {
          if (!next) setRemoving(null);
        }}
        title="Are you sure you want to remove this book?"
        description={removing?.book.title}
        confirmLabel="Yes, remove"
        busyLabel="Removing..."
        onConfirm={confirmRemoval}
      />
    </>
  );
}
