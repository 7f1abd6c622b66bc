/** The library's name, logo and page titles, with the defaults used before settings are known. */
import type { LibrarySettings } from './schemas/settings';

/** The name shown when no general settings are known. */
export const DEFAULT_LIBRARY_NAME = 'Library';

/** The logo shown when the library uploaded none. */
export const DEFAULT_LOGO = '/default-logo.svg';

/** The document title: "<page> · <library name>" (BaseLayout's boot script writes the same). */
export function pageTitle(page: string, libraryName: string): string {
  return `${page} · ${libraryName}`;
}

/** The library's display name from its general settings. */
export function libraryName(settings: { library_name?: string | null | undefined } | null | undefined): string {
  return settings?.library_name?.trim() || DEFAULT_LIBRARY_NAME;
}

type Check = (value: unknown) => boolean;
const isOptional = (check: Check): Check => (value) => value === undefined || check(value);
const isNullable = (check: Check): Check => (value) => value === null || check(value);
const isString: Check = (value) => typeof value === 'string';
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const fields = (shape: Record<string, Check>): Check => (value) => isRecord(value) && Object.entries(shape).every(([key, check]) => check(value[key]));

const text = isOptional(isNullable(isString));
const limit = isOptional(isNumber);
const isBrandingShape = fields({
  library_name: text,
  logo: text,
  favicon: text,
  theme: text,
  fine_per_day: isOptional(isNullable((value) => isString(value) || isNumber(value))),
  timezone: text,
  date_format: text,
  time_format: text,
  upload_limits: isOptional(isNullable(fields({ image: limit, cover: limit, ebook: limit, csv: limit }))),
});

/**
 * Whether a value read from the cache has the shape of `LibrarySettingsStruct`. A hand check, not
 * superstruct, so the sign-in pages read the cached branding without the validation library; the
 * unit test holds it to the struct's answers.
 */
export function isCachedBranding(value: unknown): value is LibrarySettings {
  return isBrandingShape(value);
}
