/** The library's name, logo and page titles, with the defaults used before settings are known. */

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
