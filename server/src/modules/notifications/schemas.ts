/** What the notification calls accept: the wish list's new entry (`book_id`, or `book` as the original client names it). */
import { MESSAGES, ValidationError } from '../../errors.js';
import { readPage } from '../../http/paging.js';
import type { NotificationQuery } from './service.js';

/** A wish-list addition, typed. */
export interface WishlistAddition {
  bookId: number;
}

/** Reads `POST /notifications/wishlist/`: a book id (number or numeric string); 400 naming `book_id` otherwise. */
export function parseWishlistAddition(body: unknown): WishlistAddition {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const raw = fields['book_id'] ?? fields['book'];
  if (raw === undefined || raw === null || raw === '') throw ValidationError.field('book_id', MESSAGES.required);
  const bookId = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(bookId) || bookId < 1) throw ValidationError.field('book_id', 'Incorrect type. Expected pk value, received str.');
  return { bookId };
}

/** Reads `unread`, `page`, `page_size` of `GET /notifications/`; `unread` other than true/false is a 400. */
export function parseNotificationQuery(query: Record<string, unknown>): NotificationQuery {
  const raw = typeof query['unread'] === 'string' ? query['unread'].trim().toLowerCase() : '';
  if (!['', 'true', 'false', '1', '0'].includes(raw)) throw ValidationError.field('unread', 'Must be a valid boolean.');
  return { unreadOnly: raw === 'true' || raw === '1', page: readPage(query) };
}
