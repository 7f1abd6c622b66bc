import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../../src/lib/api/settings', () => ({ fetchLibrarySettings: vi.fn() }));
vi.mock('../../../src/lib/config', () => ({ loadConfig: vi.fn(async () => ({ apiBaseUrl: 'http://api.test/' })) }));

useTestStorageEngine();
const { fetchLibrarySettings } = await import('../../../src/lib/api/settings');
const { $librarySettings, $uploadLimits, applyLibrarySettings, brandingFor, decodeLibrarySettings, refreshLibrarySettings } = await import('../../../src/stores/library-settings');

afterEach(() => {
  cleanTestStorage();
  vi.mocked(fetchLibrarySettings).mockReset();
});

describe('$librarySettings', () => {
  test('caches the general settings under librarySettings with absolute logo and favicon URLs', async () => {
    vi.mocked(fetchLibrarySettings).mockResolvedValue({ library_name: 'Riverside', logo: '/uploads/logo.png', favicon: null, theme: 'light' });
    await refreshLibrarySettings();
    expect($librarySettings.get()).toEqual({ library_name: 'Riverside', logo: 'http://api.test/uploads/logo.png', favicon: null, theme: 'light' });
    expect(JSON.parse(getTestStorage().librarySettings!)).toMatchObject({ library_name: 'Riverside' });
  });

  test('an unchanged answer keeps the cached object, so nothing listening draws again', async () => {
    vi.mocked(fetchLibrarySettings).mockResolvedValue({ library_name: 'Riverside', logo: '/uploads/logo.png', favicon: null, theme: 'light' });
    await refreshLibrarySettings();
    const cached = $librarySettings.get();
    const listener = vi.fn();
    const stop = $librarySettings.listen(listener);
    await refreshLibrarySettings();
    expect($librarySettings.get()).toBe(cached);
    expect(listener).not.toHaveBeenCalled();
    vi.mocked(fetchLibrarySettings).mockResolvedValue({ library_name: 'Riverside Library', logo: '/uploads/logo.png', favicon: null, theme: 'light' });
    await refreshLibrarySettings();
    expect(listener).toHaveBeenCalledOnce();
    stop();
  });

  test('keeps the cache and only logs when the settings cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    $librarySettings.set({ library_name: 'Cached' });
    vi.mocked(fetchLibrarySettings).mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(refreshLibrarySettings()).resolves.toBeUndefined();
    expect($librarySettings.get()).toEqual({ library_name: 'Cached' });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  test.each([
    ['not JSON', '{x', null],
    ['a list', '[]', null],
    ['a wrong field type', JSON.stringify({ library_name: 42 }), null],
    ['valid settings', JSON.stringify({ library_name: 'X' }), { library_name: 'X' }],
  ])('decodes %s', (_, raw, expected) => {
    expect(decodeLibrarySettings(raw)).toEqual(expected);
  });
});

describe('applyLibrarySettings', () => {
  test('caches saved settings with absolute logo and favicon URLs', async () => {
    await applyLibrarySettings({ library_name: 'Hillside', logo: '/uploads/l.png', favicon: '/uploads/f.ico' });
    expect($librarySettings.get()).toEqual({ library_name: 'Hillside', logo: 'http://api.test/uploads/l.png', favicon: 'http://api.test/uploads/f.ico' });
  });
});

describe('brandingFor', () => {
  test.each([
    ['no settings', null, { title: 'Dashboard · Library', favicon: null }],
    ['a name and favicon', { library_name: 'Riverside', favicon: 'http://api.test/f.ico' }, { title: 'Dashboard · Riverside', favicon: 'http://api.test/f.ico' }],
    ['a blank name', { library_name: '  ', favicon: '' }, { title: 'Dashboard · Library', favicon: null }],
  ])('titles the page and picks the favicon for %s', (_, settings, expected) => {
    expect(brandingFor('Dashboard', settings)).toEqual(expected);
  });
});

describe('$uploadLimits', () => {
  const MB = 1024 * 1024;

  test('are the shared defaults until the settings load, then what the server answered', async () => {
    expect($uploadLimits.get()).toEqual({ image: 2 * MB, cover: 5 * MB, ebook: 50 * MB, csv: 10 * MB });
    vi.mocked(fetchLibrarySettings).mockResolvedValue({ library_name: 'Riverside', upload_limits: { image: 1 * MB, cover: 8 * MB, ebook: 20 * MB, csv: 3 * MB } });
    await refreshLibrarySettings();
    expect($uploadLimits.get()).toEqual({ image: 1 * MB, cover: 8 * MB, ebook: 20 * MB, csv: 3 * MB });
  });

  test('follow the cache of another tab and keep defaults for kinds an older server does not name', () => {
    $librarySettings.set(decodeLibrarySettings(JSON.stringify({ library_name: 'X', upload_limits: { cover: 7 * MB } })));
    expect($uploadLimits.get()).toEqual({ image: 2 * MB, cover: 7 * MB, ebook: 50 * MB, csv: 10 * MB });
  });
});
