/** Wish-list entries: `{id, book: {id, title, cover_photo}, added_at}`. */
import { array, nullable, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

export const WishlistItemStruct = type({
  id: IdStruct,
  book: type({
    id: IdStruct,
    title: string(),
    cover_photo: optional(nullable(string())),
  }),
  added_at: optional(nullable(string())),
});

export type WishlistItem = Infer<typeof WishlistItemStruct>;

export const WishlistStruct = array(WishlistItemStruct);
