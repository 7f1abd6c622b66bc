/**
 * File names beside uploads are shown at 8 characters (the displayed file name rule). The rule: the part before
 * the extension keeps its first 8 characters and an ellipsis ('…') marks the cut; the extension
 * (the last '.' and 1–5 letters or digits after it) always stays, so the type remains visible:
 * "mybookcover-final.png" → "mybookco….png". Names whose stem has 8 characters or fewer are shown
 * whole. Characters are counted as code points so an emoji or accented letter is never split.
 */

/** How many characters of a file name's stem are displayed. */
export const FILE_NAME_DISPLAY_LENGTH = 8;

/** Splits "cover.final.PNG" into ["cover.final", ".PNG"]; a name with no usable extension has "". */
export function splitExtension(name: string): [stem: string, extension: string] {
  const match = /^(.+?)(\.[\p{L}\p{N}]{1,5})$/u.exec(name);
  return match ? [match[1]!, match[2]!] : [name, ''];
}

/** A file name as displayed: at most 8 characters of its stem, an ellipsis when cut, then its extension. */
export function shortenFileName(name: string, max = FILE_NAME_DISPLAY_LENGTH): string {
  const trimmed = name.trim();
  const [stem, extension] = splitExtension(trimmed);
  const chars = Array.from(stem);
  if (chars.length <= max) return trimmed;
  return `${chars.slice(0, max).join('')}…${extension}`;
}

/** The file name at the end of a file URL (decoded), e.g. ".../covers/dune%20front.png" → "dune front.png". */
export function fileNameOfUrl(url: string): string {
  try {
    const path = new URL(url, 'http://local').pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
  } catch {
    return url;
  }
}

/**
 * The file name a download's `Content-Disposition` header gives (`filename*=UTF-8''…` preferred,
 * else `filename="…"`), without any folder part; null when there is none (or the header is not
 * readable cross-origin).
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
    name = plain ? (plain[2] ?? plain[1]!).trim() : null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}
