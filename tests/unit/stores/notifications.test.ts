import { beforeEach, describe, expect, test, vi } from 'vitest';

const api = vi.hoisted(() => ({
  fetchUnreadCount: vi.fn(),
  markNotificationRead: vi.fn(),
  markAllNotificationsRead: vi.fn(),
}));
vi.mock('../../../src/lib/api/notifications', () => api);

const { $unreadCount, loadUnreadCount, markAllAsRead, markAsRead } = await import('../../../src/stores/notifications');
const { resetAllStores } = await import('../../../src/stores/registry');

describe('the unread-count store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    resetAllStores();
  });

  test('holds the server count once read, and 0 after sign-out', async () => {
    api.fetchUnreadCount.mockResolvedValue(3);
    await loadUnreadCount();
    expect($unreadCount.get()).toBe(3);
    resetAllStores();
    expect($unreadCount.get()).toBe(0);
  });

  test('reads the count again after marking one read', async () => {
    $unreadCount.set(3);
    api.markNotificationRead.mockResolvedValue(undefined);
    api.fetchUnreadCount.mockResolvedValue(2);
    await markAsRead(7);
    expect(api.markNotificationRead).toHaveBeenCalledWith(7);
    expect($unreadCount.get()).toBe(2);
  });

  test('drops by one when the count cannot be read again', async () => {
    $unreadCount.set(3);
    api.markNotificationRead.mockResolvedValue(undefined);
    api.fetchUnreadCount.mockRejectedValue(new Error('offline'));
    await markAsRead(7);
    expect($unreadCount.get()).toBe(2);
  });

  test('keeps the count when marking fails, and says so to the caller', async () => {
    $unreadCount.set(3);
    api.markNotificationRead.mockRejectedValue({ status: 404, data: { detail: 'Not found.' } });
    await expect(markAsRead(7)).rejects.toMatchObject({ status: 404 });
    expect($unreadCount.get()).toBe(3);
  });

  test('is 0 after marking all read', async () => {
    $unreadCount.set(5);
    api.markAllNotificationsRead.mockResolvedValue(undefined);
    api.fetchUnreadCount.mockResolvedValue(0);
    await markAllAsRead();
    expect($unreadCount.get()).toBe(0);
  });
});
