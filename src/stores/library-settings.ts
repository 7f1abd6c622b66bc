/**
 * A cached copy of the general settings under `librarySettings`, so the title, logo and default
 * theme show before the API answers (BaseLayout's boot script reads the same key). It is the
 * library's public branding, not the user's data, so signing out keeps it.
 */
import { persistentAtom } from '@nanostores/persistent';
import { is } from 'superstruct';
import { fetchLibrarySettings } from '../lib/api/settings';
import { loadConfig } from '../lib/config';
import { LibrarySettingsStruct, type LibrarySettings } from '../lib/schemas/settings';
import { libraryName, pageTitle } from '../lib/branding';
import { assetUrl } from '../lib/url';

/** localStorage key of the cached general settings. */
export const LIBRARY_SETTINGS_KEY = 'librarySettings';

/** Reads the cached settings; anything unreadable counts as none. */
export function decodeLibrarySettings(raw: string | undefined): LibrarySettings | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return is(value, LibrarySettingsStruct) ? value : null;
  } catch {
    return null;
  }
}

/** The general settings last fetched, with logo and favicon as absolute URLs. */
export const $librarySettings = persistentAtom<LibrarySettings | null>(LIBRARY_SETTINGS_KEY, null, {
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: decodeLibrarySettings,
});

/** Fetches the general settings and refreshes the cache; failures are only logged (section 8). */
export async function refreshLibrarySettings(): Promise<void> {
  try {
    const [settings, config] = await Promise.all([fetchLibrarySettings(), loadConfig()]);
    $librarySettings.set({
      ...settings,
      logo: assetUrl(config.apiBaseUrl, settings.logo),
      favicon: assetUrl(config.apiBaseUrl, settings.favicon),
    });
  } catch (error) {
    console.warn('Could not load the library settings', error);
  }
}

/** Keeps the title and favicon of an open page in step with freshly fetched settings. */
function applyBranding(settings: LibrarySettings | null): void {
  if (typeof document === 'undefined') return;
  const page = document.documentElement.dataset.pageTitle;
  if (page) document.title = pageTitle(page, libraryName(settings));
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon && settings?.favicon) {
    icon.removeAttribute('type');
    icon.href = settings.favicon;
  }
}

$librarySettings.listen(applyBranding);
