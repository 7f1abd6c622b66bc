/**
 * The member's wish list, shared by the top bar's dropdown and the book profile's "add" button so
 * an addition shows in the dropdown at once. Cleared on sign-out.
 */
import { atom } from 'nanostores';
import { addToWishlist, fetchWishlist, removeFromWishlist } from '../lib/api/notifications';
import type { WishlistItem } from '../lib/schemas/wishlist';
import { registerStoreReset } from './registry';

/** The entries, or null until loaded. */
export const $wishlist = atom<WishlistItem[] | null>(null);

registerStoreReset(() => $wishlist.set(null));

/** Loads the member's entries from the server. */
export async function loadWishlist(): Promise<void> {
  $wishlist.set(await fetchWishlist());
}

/** Adds a book and puts its entry first; errors are rethrown for the caller's message. */
export async function addBookToWishlist(bookId: string | number): Promise<void> {
  const item = await addToWishlist(bookId);
  $wishlist.set([item, ...($wishlist.get() ?? []).filter((entry) => entry.id !== item.id)]);
}

/** Removes an entry; errors are rethrown and the list stays as it was. */
export async function removeWishlistEntry(itemId: string | number): Promise<void> {
  await removeFromWishlist(itemId);
  $wishlist.set(($wishlist.get() ?? []).filter((entry) => entry.id !== itemId));
}
