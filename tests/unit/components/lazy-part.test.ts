/** The loader behind menus, popups and dialogs that load after first paint. */
import { describe, expect, test, vi } from 'vitest';
import { lazyPart } from '../../../src/components/ui/lazy-part';

describe('lazyPart', () => {
  test('loads the module once however many triggers ask for it', async () => {
    const importer = vi.fn(async () => ({ name: 'menu' }));
    const part = lazyPart(importer);
    const [a, b] = await Promise.all([part.load(), part.load()]);
    await part.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  test('has no module until it has arrived, then tells its subscribers', async () => {
    let arrive: (value: { name: string }) => void = () => undefined;
    const part = lazyPart(() => new Promise<{ name: string }>((resolve) => (arrive = resolve)));
    const listener = vi.fn();
    const unsubscribe = part.subscribe(listener);
    const loading = part.load();
    expect(part.current()).toBeNull();
    expect(listener).not.toHaveBeenCalled();
    arrive({ name: 'menu' });
    await loading;
    expect(part.current()).toEqual({ name: 'menu' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  test('tries again on the next request after a failed load (offline, a new deploy)', async () => {
    const importer = vi.fn<() => Promise<{ name: string }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ name: 'menu' });
    const part = lazyPart(importer);
    await expect(part.load()).rejects.toThrow('offline');
    expect(part.current()).toBeNull();
    await expect(part.load()).resolves.toEqual({ name: 'menu' });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
