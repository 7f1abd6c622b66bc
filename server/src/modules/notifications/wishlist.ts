/**
 * A member's wish list. Only users with a member profile have one: staff get an empty list and a
 * 400 on adding. Each user sees and removes only their own entries (another's id is 404).
 */
import { isUniqueViolation, nowIso } from '../../db/values.js';
import type { AppContext, AuthUser } from '../../context.js';
import { badRequest, notFound, ValidationError } from '../../errors.js';
import { isRowId } from '../../http/validation.js';
import type { WishlistAddition } from './schemas.js';

export interface WishlistItemView {
  id: number;
  book: { id: number; title: string; author: string; cover_photo: string | null };
  added_at: string;
}

export const ALREADY_IN_WISHLIST = 'This book is already in your wishlist.';
export const MEMBERS_ONLY = 'Only members have a wish list.';

async function isMember(ctx: Pick<AppContext, 'db'>, userId: number): Promise<boolean> {
  return (await ctx.db.selectFrom('member_profiles').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

async function items(ctx: Pick<AppContext, 'db' | 'media'>, userId: number, itemId?: number, limit?: number): Promise<WishlistItemView[]> {
  let q = ctx.db
    .selectFrom('wishlist_items as w')
    .innerJoin('books as b', 'b.id', 'w.book_id')
    .select(['w.id', 'w.added_at', 'b.id as book_id', 'b.title', 'b.author'])
    .select((eb) =>
      eb
        .selectFrom('book_covers as c')
        .select('c.file')
        .whereRef('c.book_id', '=', 'b.id')
        .orderBy('c.position')
        .orderBy('c.id')
        .limit(1)
        .as('cover'),
    )
    .where('w.user_id', '=', userId);
  if (itemId !== undefined) q = q.where('w.id', '=', itemId);
  q = q.orderBy('w.added_at', 'desc').orderBy('w.id', 'desc');
  const rows = await (limit === undefined ? q : q.limit(limit)).execute();
  return rows.map((r) => ({
    id: r.id,
    book: { id: r.book_id, title: r.title, author: r.author, cover_photo: ctx.media.url(r.cover ?? null) },
    added_at: r.added_at,
  }));
}

/** The user's own entries, newest first (empty for staff). */
export const listWishlist = (ctx: Pick<AppContext, 'db' | 'media'>, user: AuthUser): Promise<WishlistItemView[]> => items(ctx, user.id);

/** A member's newest `limit` entries (his home shows them to him and to staff). */
export const latestWishlist = (ctx: Pick<AppContext, 'db' | 'media'>, userId: number, limit: number): Promise<WishlistItemView[]> => items(ctx, userId, undefined, limit);

/** Adds a book to a member's wish list; 400 when it is there already. */
export async function addToWishlist(ctx: AppContext, user: AuthUser, { bookId }: WishlistAddition): Promise<WishlistItemView> {
  if (!(await isMember(ctx, user.id))) throw badRequest(MEMBERS_ONLY);
  // An id beyond the id column names no book (and would be an error in PostgreSQL's query).
  const book = isRowId(bookId) ? await ctx.db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst() : undefined;
  if (!book) throw ValidationError.field('book_id', `Invalid pk "${bookId}" - object does not exist.`);
  const existing = await ctx.db.selectFrom('wishlist_items').select('id').where('user_id', '=', user.id).where('book_id', '=', bookId).executeTakeFirst();
  if (existing) throw badRequest(ALREADY_IN_WISHLIST);
  let id: number;
  try {
    id = (await ctx.db.insertInto('wishlist_items').values({ user_id: user.id, book_id: bookId, added_at: nowIso() }).returning('id').executeTakeFirstOrThrow()).id;
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(ALREADY_IN_WISHLIST);
    throw error;
  }
  return (await items(ctx, user.id, id))[0]!;
}

/** Removes one of the user's own entries; another's or an unknown id is 404. */
export async function removeFromWishlist(ctx: Pick<AppContext, 'db'>, user: AuthUser, itemId: number): Promise<void> {
  const result = await ctx.db.deleteFrom('wishlist_items').where('id', '=', itemId).where('user_id', '=', user.id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound();
}
