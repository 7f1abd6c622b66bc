/**
 * Uploaded files: kept under `DATA_DIR/uploads/<kind>/<random>.<ext>`, the type decided by the
 * file's first bytes (never by its name), served at `GET /media/<kind>/<file>`. Each kind names
 * the types it accepts, its size limit and whether anyone may read it; the catalogue adds book
 * covers and e-books (signed-in only) by adding kinds here.
 *
 * Replacing a file: save the new one first, change the row in a transaction, and only after the
 * commit delete the old one (`replaceFile`); if the transaction fails the new file is removed.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { EBOOK_FILE_TYPES, FAVICON_FILE_TYPES, FILE_TYPES, IMAGE_FILE_TYPES, tooLargeMessage, type FileType } from '#shared/upload-rules';


const startsWith = (buffer: Buffer, bytes: number[], offset = 0): boolean =>
  buffer.length >= offset + bytes.length && bytes.every((b, i) => buffer[offset + i] === b);

/** The type a file's content shows, or undefined when it is none we know. */
export function detectFileType(buffer: Buffer): FileType | undefined {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) && startsWith(buffer, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  // ICO: reserved 0, type 1, at least one image.
  if (startsWith(buffer, [0x00, 0x00, 0x01, 0x00]) && buffer.length >= 22 && (buffer[4]! | (buffer[5]! << 8)) > 0) return 'ico';
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return undefined;
}

export interface MediaKind {
  /** Folder name under uploads/ and path segment under /media/. */
  name: string;
  accepts: readonly FileType[];
  maxBytes: number;
  /** Message for content of another type. */
  invalidMessage: string;
  /** Who may download: anyone, or only a signed-in user (e-books). */
  readAccess: 'public' | 'user';
}

const IMAGE_MESSAGE = 'Upload a valid image (PNG, JPEG or WebP).';

/** The kinds of upload the server keeps, with limits from the configuration. */
export function mediaKinds(config: Pick<Config, 'uploadImageMaxBytes' | 'uploadCoverMaxBytes' | 'uploadEbookMaxBytes'>): Record<string, MediaKind> {
  const image = (
    name: string,
    accepts: readonly FileType[] = IMAGE_FILE_TYPES,
    invalidMessage = IMAGE_MESSAGE,
    maxBytes = config.uploadImageMaxBytes,
  ): MediaKind => ({
    name,
    accepts,
    maxBytes,
    invalidMessage,
    readAccess: 'public',
  });
  return {
    logo: image('logo'),
    favicon: image('favicon', FAVICON_FILE_TYPES, 'Upload a valid image (PNG, JPEG, WebP or ICO).'),
    profiles: image('profiles'),
    covers: image('covers', undefined, undefined, config.uploadCoverMaxBytes),
    category: image('category', undefined, undefined, config.uploadCoverMaxBytes),
    // E-books: PDF only, readable by signed-in users only.
    ebooks: { name: 'ebooks', accepts: EBOOK_FILE_TYPES, maxBytes: config.uploadEbookMaxBytes, invalidMessage: 'Upload a valid PDF file.', readAccess: 'user' },
  };
}

/** A stored reference: "<kind>/<random>.<ext>", as kept in the database. */
export type StoredFile = string;

const STORED_NAME = /^([a-z][a-z0-9-]{0,30})\/([A-Za-z0-9_-]{16,64})\.([a-z0-9]{2,5})$/;

export class MediaStore {
  readonly root: string;
  readonly kinds: Record<string, MediaKind>;

  constructor(private readonly config: Pick<Config, 'dataDir' | 'apiPublicUrl' | 'uploadImageMaxBytes' | 'uploadCoverMaxBytes' | 'uploadEbookMaxBytes'>) {
    this.root = path.join(config.dataDir, 'uploads');
    this.kinds = mediaKinds(config);
  }

  /**
   * Checks content and size against a kind; returns the problem message, or the detected type.
   */
  check(kindName: string, buffer: Buffer, truncated = false): { type: FileType } | { error: string } {
    const kind = this.kind(kindName);
    if (truncated || buffer.length > kind.maxBytes) return { error: tooLargeMessage(kind.maxBytes) };
    const type = detectFileType(buffer);
    if (!type || !kind.accepts.includes(type)) return { error: kind.invalidMessage };
    return { type };
  }

  /** Writes a checked file under a new random name; returns its stored reference. */
  async save(kindName: string, buffer: Buffer, type: FileType): Promise<StoredFile> {
    const kind = this.kind(kindName);
    const dir = path.join(this.root, kind.name);
    await mkdir(dir, { recursive: true });
    const file = `${randomBytes(18).toString('base64url')}.${FILE_TYPES[type].ext}`;
    await writeFile(path.join(dir, file), buffer, { flag: 'wx', mode: 0o640 });
    return `${kind.name}/${file}`;
  }

  /** Removes a stored file; a missing file or a null reference is no error. */
  async remove(stored: StoredFile | null | undefined): Promise<void> {
    const location = stored ? this.locate(stored) : undefined;
    if (location) await rm(location.path, { force: true });
  }

  /** The absolute URL of a stored file, or null. */
  url(stored: StoredFile | null | undefined): string | null {
    if (!stored || !STORED_NAME.test(stored)) return null;
    return `${this.config.apiPublicUrl}/media/${stored}`;
  }

  /**
   * The file behind `/media/<kind>/<file>`, or undefined for anything that is not exactly a
   * stored name of a known kind (so "..", slashes, encoded separators never reach the disk).
   */
  locate(stored: string): { kind: MediaKind; path: string; mime: string } | undefined {
    const match = STORED_NAME.exec(stored);
    if (!match) return undefined;
    const kind = this.kinds[match[1]!];
    const type = (Object.keys(FILE_TYPES) as FileType[]).find((t) => FILE_TYPES[t].ext === match[3]);
    if (!kind || !type || !kind.accepts.includes(type)) return undefined;
    return { kind, path: path.join(this.root, kind.name, `${match[2]}.${match[3]}`), mime: FILE_TYPES[type].mime };
  }

  /** Reads a stored file for serving; undefined when it does not exist. */
  async read(stored: string): Promise<{ kind: MediaKind; body: Buffer; mime: string } | undefined> {
    const location = this.locate(stored);
    if (!location) return undefined;
    try {
      return { kind: location.kind, body: await readFile(location.path), mime: location.mime };
    } catch {
      return undefined;
    }
  }

  kind(name: string): MediaKind {
    const kind = this.kinds[name];
    if (!kind) throw new Error(`Unknown media kind "${name}".`);
    return kind;
  }
}

/**
 * Runs `change` (the database work that swaps file references), deleting the files that lost
 * their reference only after it succeeds, and the newly saved files when it fails.
 */
export async function replaceFiles<T>(
  store: MediaStore,
  files: { added: (StoredFile | null)[]; replaced: (StoredFile | null)[] },
  change: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await change();
  } catch (error) {
    await Promise.all(files.added.map((f) => store.remove(f).catch(() => undefined)));
    throw error;
  }
  await Promise.all(files.replaced.map((f) => store.remove(f).catch(() => undefined)));
  return result;
}
