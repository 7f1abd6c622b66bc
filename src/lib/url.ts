/** URL joining for the API host; the original contract writes call paths with and without a leading slash. */

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

/** Joins a base URL and a path with exactly one slash between them; absolute URLs pass through. */
export function joinUrl(base: string, path: string): string {
  if (ABSOLUTE.test(path)) return path;
  const left = base.replace(/\/+$/, '');
  const right = path.replace(/^\/+/, '');
  return right === '' ? `${left}/` : `${left}/${right}`;
}

/** An uploaded file's address (logo, favicon, cover) as the browser can load it; null stays null. */
export function assetUrl(base: string, path: string | null | undefined): string | null {
  if (!path) return null;
  if (ABSOLUTE.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  return joinUrl(base, path);
}
