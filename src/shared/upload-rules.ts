/**
 * Upload rules the site and the server share (pure, no imports; the server's media storage
 * imports its type list from here). The server decides a file's type by its first bytes; the
 * site only pre-checks the type the browser reports, so its lists must name the same types.
 *
 * Size limits come from the server's environment (`UPLOAD_*_MAX_BYTES`) and reach the site in
 * the public general settings (`upload_limits`); the defaults here are the server's defaults and
 * what the site uses until the settings have loaded.
 */

/** A file type the server recognises by content. */
export type FileType = 'png' | 'jpeg' | 'webp' | 'ico' | 'pdf';

/** Each type's stored extension, served MIME type, name in messages and other MIME names browsers report for it. */
export const FILE_TYPES: Record<FileType, { ext: string; mime: string; label: string; aliases?: readonly string[] }> = {
  png: { ext: 'png', mime: 'image/png', label: 'PNG' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg', label: 'JPEG' },
  webp: { ext: 'webp', mime: 'image/webp', label: 'WebP' },
  ico: { ext: 'ico', mime: 'image/x-icon', label: 'ICO', aliases: ['image/vnd.microsoft.icon'] },
  pdf: { ext: 'pdf', mime: 'application/pdf', label: 'PDF' },
};

/** Images: logo, profile photos, book covers, category images. */
export const IMAGE_FILE_TYPES: readonly FileType[] = ['png', 'jpeg', 'webp'];

/** The favicon also takes ICO. */
export const FAVICON_FILE_TYPES: readonly FileType[] = [...IMAGE_FILE_TYPES, 'ico'];

/** E-books are PDF only. */
export const EBOOK_FILE_TYPES: readonly FileType[] = ['pdf'];

/** The MIME types of a list of file types, aliases included (for a file picker's `accept`). */
export function acceptedMimeTypes(types: readonly FileType[]): string[] {
  return types.flatMap((type) => [FILE_TYPES[type].mime, ...(FILE_TYPES[type].aliases ?? [])]);
}

/** "PNG, JPEG or WebP": a list of types in words. */
export function fileTypeNames(types: readonly FileType[]): string {
  const labels = types.map((type) => FILE_TYPES[type].label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/** The size-limited kinds of upload: images (logo, favicon, photos), covers and category images, e-books, CSV imports. */
export type UploadKind = 'image' | 'cover' | 'ebook' | 'csv';

/** Largest accepted file per kind, in bytes. */
export type UploadLimits = Record<UploadKind, number>;

const MB = 1024 * 1024;

/** The server's default limits (when its `UPLOAD_*_MAX_BYTES` are unset). */
export const DEFAULT_UPLOAD_LIMITS: Readonly<UploadLimits> = { image: 2 * MB, cover: 5 * MB, ebook: 50 * MB, csv: 10 * MB };

const UPLOAD_KINDS = Object.keys(DEFAULT_UPLOAD_LIMITS) as UploadKind[];

const isByteCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Reads `upload_limits` of a settings answer; a missing or unusable entry keeps its default. */
export function uploadLimitsFrom(value: unknown): UploadLimits {
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const limits = { ...DEFAULT_UPLOAD_LIMITS };
  for (const kind of UPLOAD_KINDS) {
    const bytes = given[kind];
    if (isByteCount(bytes)) limits[kind] = bytes;
  }
  return limits;
}

/** "2 MB", "1.5 MB", "500 KB": the wording of size limits in helper texts and messages. */
export function describeBytes(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The message for a file over its limit, the same on both sides. */
export const tooLargeMessage = (maxBytes: number): string => `File is too large (max ${describeBytes(maxBytes)}).`;
