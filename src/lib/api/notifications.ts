/** Notification calls (section 7, "Wish list and notifications"). */
import { http } from '../http';
import { parseAnswer } from '../schemas';
import { WishlistItemStruct, WishlistStruct, type WishlistItem } from '../schemas/wishlist';
import { NotificationListStruct, type Notification } from '../schemas/notifications';

/** `GET /notifications/`: the signed-in user's notifications, newest first. */
export async function fetchNotifications(): Promise<Notification[]> {
  return parseAnswer(await http.get('/notifications/'), NotificationListStruct);
}

/** `GET /notifications/wishlist/`: the member's own entries, newest first. */
export async function fetchWishlist(): Promise<WishlistItem[]> {
  return parseAnswer(await http.get('/notifications/wishlist/'), WishlistStruct);
}

/** `POST /notifications/wishlist/` with `{book_id}`: adds a book; refused when it is already there. */
export async function addToWishlist(bookId: string | number): Promise<WishlistItem> {
  return parseAnswer(await http.post('/notifications/wishlist/', { book_id: bookId }), WishlistItemStruct);
}

/** `DELETE /notifications/wishlist/{id}/`: removes one of the member's entries. */
export async function removeFromWishlist(itemId: string | number): Promise<void> {
  await http.delete(`/notifications/wishlist/${encodeURIComponent(String(itemId))}/`);
}
