/**
 * What makes `GET books/books/` cheap: an ETag from the catalogue's version stamp, a memo of list
 * counts, and a small memo of built pages, all per process and all checked against the stamp in
 * the database on every request, so several instances behind a load balancer never serve each
 * other a stale count or page (no instance trusts its memory beyond the version it just read).
 *
 * The answer does not depend on the caller (no role-, permission- or wish-list-specific field; who
 * may see it at all is checked before this runs), so the tag holds only what the bytes depend on:
 * the database's epoch and version, the request URL (the query, and the `next`/`previous` links
 * built from it), the public base of media URLs, and ANSWER_FORMAT.
 *
 * Order matters: the stamp is read before any data, so a page built while a change commits holds
 * data at least as new as its tag; the next request reads the newer version and rebuilds.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/schema.js';
import { readCatalogueStamp, type CatalogueStamp, type CountOnce } from './catalogue-version.js';

/** Bump when the list answer's shape changes, so tags from the old shape stop matching. */
const ANSWER_FORMAT = 1;
/** Bounds of the page memo: a page of 50 books is about 28 KB of JSON. */
const MAX_PAGES = 256;
const MAX_PAGE_BYTES = 16 * 1024 * 1024;
/** Bound of the count memo (distinct filter and search combinations per version). */
const MAX_COUNTS = 2_048;

/** A list answer: its tag, and the JSON body unless the caller's copy is current. */
export type ListAnswer = { tag: string; notModified: true } | { tag: string; notModified: false; body: string };

/** no-cache: browsers keep the answer but ask every time (If-None-Match), so no stale list shows. */
export const LIST_CACHE_CONTROL = 'private, no-cache';

/** Whether an If-None-Match header names the tag (a list, `*`, weak or strong forms all count). */
export function ifNoneMatchHits(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const candidate = part.trim();
    return candidate === '*' || candidate === tag || candidate === `W/${tag}`;
  });
}

/** The strong ETag of a list answer. */
export function listTag(stamp: CatalogueStamp, url: string, mediaBase: string): string {
  const digest = createHash('sha256').update(`${ANSWER_FORMAT}\n${stamp.epoch}\n${stamp.version}\n${mediaBase}\n${url}`).digest('base64url');
  return `"${stamp.version.toString(36)}-${digest.slice(0, 22)}"`;
}

/** Keeps insertion order as recency: a hit moves the entry to the end, the oldest goes first. */
function touch<V>(map: Map<string, V>, key: string): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

/** The per-process memo of one app: counts and pages of the version last read from the database. */
export class BookListCache {
  private stamp: CatalogueStamp | undefined;
  private readonly counts = new Map<string, number>();
  private readonly pages = new Map<string, string>();
  private pageBytes = 0;

  constructor(private readonly mediaBase: string) {}

  /**
   * Answers a list request: `notModified` when the caller's copy (`ifNoneMatch`) is current, the
   * remembered page when this process built it for the same version and URL, otherwise `build`
   * (given the count memo), whose JSON is remembered. Errors thrown by `build` pass through. The
   * route writes the answer (headers from `LIST_CACHE_CONTROL` and the tag).
   */
  async answer(db: Db, url: string, ifNoneMatch: string | undefined, build: (countOnce: CountOnce) => Promise<unknown>): Promise<ListAnswer> {
    const stamp = await readCatalogueStamp(db);
    this.forgetUnless(stamp);
    const tag = listTag(stamp, url, this.mediaBase);
    if (ifNoneMatchHits(ifNoneMatch, tag)) return { tag, notModified: true };
    let body = touch(this.pages, tag);
    if (body === undefined) {
      body = JSON.stringify(await build(this.countOnce(stamp)));
      this.keepPage(stamp, tag, body);
    }
    return { tag, notModified: false, body };
  }

  /** Drops everything remembered for another version or another database. */
  private forgetUnless(stamp: CatalogueStamp): void {
    if (this.stamp && this.stamp.epoch === stamp.epoch && this.stamp.version === stamp.version) return;
    // A request that read an older version while a change committed must not wipe the newer memo.
    if (this.stamp && this.stamp.epoch === stamp.epoch && this.stamp.version > stamp.version) return;
    this.stamp = stamp;
    this.counts.clear();
    this.pages.clear();
    this.pageBytes = 0;
  }

  private isCurrent(stamp: CatalogueStamp): boolean {
    return this.stamp !== undefined && this.stamp.epoch === stamp.epoch && this.stamp.version === stamp.version;
  }

  private countOnce(stamp: CatalogueStamp): CountOnce {
    return async (key, count) => {
      const known = this.isCurrent(stamp) ? touch(this.counts, key) : undefined;
      if (known !== undefined) return known;
      const n = await count();
      if (this.isCurrent(stamp)) {
        this.counts.set(key, n);
        if (this.counts.size > MAX_COUNTS) this.counts.delete(this.counts.keys().next().value!);
      }
      return n;
    };
  }

  private keepPage(stamp: CatalogueStamp, tag: string, body: string): void {
    if (!this.isCurrent(stamp) || this.pages.has(tag) || body.length > MAX_PAGE_BYTES / 8) return;
    this.pages.set(tag, body);
    this.pageBytes += body.length;
    while (this.pages.size > MAX_PAGES || this.pageBytes > MAX_PAGE_BYTES) {
      const [oldest, oldBody] = this.pages.entries().next().value!;
      this.pages.delete(oldest);
      this.pageBytes -= oldBody.length;
    }
  }
}
