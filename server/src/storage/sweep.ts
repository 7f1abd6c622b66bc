/**
 * Files no row references are removed. An upload saves its files before the transaction that
 * writes their references, and a replaced file is deleted only after the commit (`replaceFiles`):
 * a crash between the two leaves a file behind. The server sweeps at start and then every ten
 * minutes, removing a stored file of a known kind that no row names once it is older than the
 * grace (`uploadSweepGraceMs`), so an upload still being saved by another instance is never taken.
 *
 * Every column that keeps a stored reference is listed in `REFERENCES`; a new one is added here.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { MediaStore } from './service.js';

const SWEEP_EVERY_MS = 10 * 60_000;

/** Each table and column that keeps stored file references ("<kind>/<random>.<ext>"). */
const REFERENCES = [
  ['book_covers', 'file'],
  ['books', 'ebook_file'],
  ['categories', 'image'],
  ['library_settings', 'logo'],
  ['library_settings', 'favicon'],
  ['member_profiles', 'profile_photo'],
  ['member_profiles', 'payment_proof'],
  ['manager_profiles', 'profile_photo'],
] as const;

/** Every stored reference a row keeps now. */
async function referencedFiles(db: Kysely<Database>): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [table, column] of REFERENCES) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one loop over several tables' columns
    const rows = (await (db as Kysely<any>).selectFrom(table).select(`${column} as file`).where(column, 'is not', null).execute()) as { file: string }[];
    for (const row of rows) found.add(row.file);
  }
  return found;
}

/** Removes the stored files no row references that are older than `graceMs`; answers their names. */
export async function sweepUnreferencedFiles(store: MediaStore, db: Kysely<Database>, graceMs: number): Promise<string[]> {
  const cutoff = Date.now() - graceMs;
  // Listed before the references are read: a file saved and committed in between is both listed and referenced.
  const candidates: { stored: string; file: string }[] = [];
  for (const kind of Object.values(store.kinds)) {
    const names = await readdir(path.join(store.root, kind.name)).catch(() => [] as string[]);
    for (const name of names) {
      const stored = `${kind.name}/${name}`;
      const location = store.locate(stored);
      if (location) candidates.push({ stored, file: location.path });
    }
  }
  if (!candidates.length) return [];
  const referenced = await referencedFiles(db);
  const removed: string[] = [];
  for (const { stored, file } of candidates) {
    if (referenced.has(stored)) continue;
    const info = await stat(file).catch(() => undefined);
    if (!info || info.mtimeMs > cutoff) continue;
    await rm(file, { force: true });
    removed.push(stored);
  }
  return removed;
}

/**
 * Sweeps once now (awaited, before the server listens) and then every ten minutes; answers the
 * function that stops the timer.
 */
export async function startUploadSweep(
  store: MediaStore,
  db: Kysely<Database>,
  graceMs: number,
  log: { removed: (files: string[]) => void; failed: (error: unknown) => void },
): Promise<() => void> {
  // A sweep that fails (a folder unreadable, the database busy) never stops the server; the next one tries again.
  const sweep = async (): Promise<void> => {
    try {
      const removed = await sweepUnreferencedFiles(store, db, graceMs);
      if (removed.length) log.removed(removed);
    } catch (error) {
      log.failed(error);
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
