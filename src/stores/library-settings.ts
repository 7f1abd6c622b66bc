/**
 * A cached copy of the general settings under `librarySettings`, so the title, logo and default
 * theme show before the API answers (BaseLayout's boot script reads the same key). It is the
 * library's public branding, not the user's data, so signing out keeps it. The persistent store
 * follows storage events, so a save in one tab re-brands every open tab at once.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { LibrarySettings } from '../lib/schemas/settings';
import { isCachedBranding, libraryName, pageTitle } from '../lib/branding';
import { uploadLimitsFrom, type UploadLimits } from '#shared/upload-rules';
import { assetUrl } from '../lib/url';
import { setLibraryTheme } from './theme';

/** localStorage key of the cached general settings. */
export const LIBRARY_SETTINGS_KEY = 'librarySettings';

/** Reads the cached settings; anything unreadable counts as none. */
export function decodeLibrarySettings(raw: string | undefined): LibrarySettings | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isCachedBranding(value) ? value : null;
  } catch {
    return null;
  }
}

/** The general settings last fetched, with logo and favicon as absolute URLs. */
export const $librarySettings = persistentAtom<LibrarySettings | null>(LIBRARY_SETTINGS_KEY, null, {
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: decodeLibrarySettings,
});

/** The server's upload limits (the shared defaults until the settings have loaded). */
export const $uploadLimits = computed($librarySettings, (settings): UploadLimits => uploadLimitsFrom(settings?.upload_limits));

/** Only the branding fields are cached: the settings screen fetches the rest itself. */
function brandingFields(settings: LibrarySettings, apiBaseUrl: string): LibrarySettings {
  return {
    ...settings,
    logo: assetUrl(apiBaseUrl, settings.logo),
    favicon: assetUrl(apiBaseUrl, settings.favicon),
  };
}

/** Stores freshly saved or fetched settings (e.g. the general-settings screen after a save). */
export async function applyLibrarySettings(settings: LibrarySettings): Promise<void> {
  const { loadConfig } = await import('../lib/config');
  const config = await loadConfig();
  $librarySettings.set(brandingFields(settings, config.apiBaseUrl));
}

/** Fetches the general settings and refreshes the cache; failures are only logged (a failed settings load stays silent). */
export async function refreshLibrarySettings(): Promise<void> {
  try {
    // The HTTP client loads here, after the first paint: the cached copy brands the page until then.
    const [{ fetchLibrarySettings }, { loadConfig }] = await Promise.all([import('../lib/api/settings'), import('../lib/config')]);
    const [settings, config] = await Promise.all([fetchLibrarySettings(), loadConfig()]);
    const next = brandingFields(settings, config.apiBaseUrl);
    // Unchanged since the cached copy (the usual case): no island draws itself again.
    if (JSON.stringify(next) !== JSON.stringify($librarySettings.get())) $librarySettings.set(next);
  } catch (error) {
    console.warn('Could not load the library settings', error);
  }
}

let loading: Promise<void> | null = null;

/** Fetches the general settings once per page load, however many islands ask. */
export function loadLibrarySettingsOnce(): Promise<void> {
  loading ??= refreshLibrarySettings();
  return loading;
}

export interface Branding {
  title: string;
  /** The favicon URL to show, or null to keep the page's default. */
  favicon: string | null;
}

/** Pure rule: the document title and favicon a page shows for these settings. */
export function brandingFor(page: string, settings: LibrarySettings | null): Branding {
  return { title: pageTitle(page, libraryName(settings)), favicon: settings?.favicon || null };
}

/** Keeps the title, favicon and default theme of an open page in step with the settings. */
function applyBranding(settings: LibrarySettings | null): void {
  setLibraryTheme(settings?.theme);
  if (typeof document === 'undefined') return;
  const page = document.documentElement.dataset.pageTitle;
  const branding = brandingFor(page ?? '', settings);
  if (page) document.title = branding.title;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon && branding.favicon) {
    icon.removeAttribute('type');
    icon.href = branding.favicon;
  }
}

applyBranding($librarySettings.get());
$librarySettings.listen(applyBranding);
