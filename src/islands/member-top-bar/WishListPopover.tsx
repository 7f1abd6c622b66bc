/**
 * The wish-list dropdown itself on Ark Popover (outside click and Escape close it), with the
 * removal confirmation and its toast. Loaded after first paint through `WishListMenu`.
 */
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { LazyMenuProps } from '../../components/TopBarMenus';
import { iconButton, menuContent } from '../../components/TopBarParts';
import { BookIcon, HeartIcon, TrashIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/Toaster';
import { callErrorMessage } from '../../lib/errors';
import { pathFor } from '#shared/routes';
import type { WishlistItem } from '../../lib/schemas/wishlist';
import { removeWishlistEntry } from '../../stores/wishlist';
import { NOTICES } from '../../lib/notices';

const emptyText = css({ px: '2', py: '3', fontSize: 'sm', color: 'fg.muted' });
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
      <Popover.Root ids={{ trigger: triggerId }} open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end', gutter: 8 }}>
        <Popover.Trigger className={iconButton} aria-label={label} title="Wish list">
          <HeartIcon />
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner className={css({ zIndex: '50' })}>
            <Popover.Content className={`${menuContent} ${css({ w: '20rem', maxW: 'calc(100vw - 1rem)', maxH: '60vh', overflowY: 'auto' })}`}>
              <Popover.Title className={css({ px: '2', pt: '1', pb: '2', fontSize: 'sm', fontWeight: 'semibold' })}>Wish list</Popover.Title>
              {items === null ? (
                <p className={emptyText}>Loading...</p>
              ) : items.length === 0 ? (
                <p className={emptyText}>No Book in WishList</p>
              ) : (
                <ul aria-label="Books in your wish list" className={css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '1' })}>
                  {items.map((item) => (
                    <li key={item.id} className={css({ display: 'flex', alignItems: 'center', gap: '2', p: '1', borderRadius: 'md', _hover: { bg: 'bg.muted' } })}>
                      <a
                        href={pathFor('book-profile', { bookId: item.book.id })}
                        className={css({ display: 'flex', alignItems: 'center', gap: '2.5', flex: '1', minW: '0', color: 'fg.default', textDecoration: 'none', fontSize: 'sm', borderRadius: 'sm', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' } })}
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
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
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
