/**
 * What the media call accepts: the path after `/media/`, which must be exactly a stored name
 * ("<kind>/<random>.<ext>" of a known kind and type, see `MediaStore.locate`) or it is a 404.
 */

/** The stored name a `/media/*` path asks for ('' when there is none). */
export function parseMediaPath(params: { '*'?: unknown } | undefined): string {
  const raw = params?.['*'];
  return typeof raw === 'string' ? raw : '';
}
