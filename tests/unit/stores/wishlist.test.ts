import { beforeEach, describe, expect, test, vi } from 'vitest';

const api = vi.hoisted(() => ({
  fetchWishlist: vi.fn(),
  addToWishlist: vi.fn(),
  removeFromWishlist: vi.fn(),
}));
vi.mock('../../../src/lib/api/notifications', () => api);

const { $wishlist, addBookToWishlist, loadWishlist, removeWishlistEntry } = await import('../../../src/stores/wishlist');
const { resetAllStores } = await import('../../../src/stores/registry');

const entry = (id: number, title: string) => ({ id, book: { id: id * 10, title, cover_photo: null }, added_at: null });

describe('the wish-list store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    resetAllStores();
  });

  test('is empty (null) until loaded, then holds the server list', async () => {
    expect($wishlist.get()).toBeNull();
    api.fetchWishlist.mockResolvedValue([entry(1, 'Emma')]);
    await loadWishlist();
    expect($wishlist.get()).toEqual([entry(1, 'Emma')]);
  });

  test('puts a newly added book first so the dropdown shows it at once', async () => {
    $wishlist.set([entry(1, 'Emma')]);
    api.addToWishlist.mockResolvedValue(entry(2, 'Dune'));
    await addBookToWishlist(20);
    expect($wishlist.get()?.map((e) => e.book.title)).toEqual(['Dune', 'Emma']);
  });

  test('keeps the list as it was when the server refuses a removal', async () => {
    $wishlist.set([entry(1, 'Emma'), entry(2, 'Dune')]);
    api.removeFromWishlist.mockRejectedValue({ status: 404, data: { detail: 'Not found.' } });
    await expect(removeWishlistEntry(1)).rejects.toMatchObject({ status: 404 });
    expect($wishlist.get()).toHaveLength(2);
  });

  test('drops the removed entry once the server agrees', async () => {
    $wishlist.set([entry(1, 'Emma'), entry(2, 'Dune')]);
    api.removeFromWishlist.mockResolvedValue(undefined);
    await removeWishlistEntry(1);
    expect($wishlist.get()?.map((e) => e.id)).toEqual([2]);
  });

  test('is cleared by signing out', () => {
    $wishlist.set([entry(1, 'Emma')]);
    resetAllStores();
    expect($wishlist.get()).toBeNull();
  });
});
