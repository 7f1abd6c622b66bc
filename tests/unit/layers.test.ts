/** The site's layers: src/lib imports no store and no island; islands never import other islands. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!);

describe('layers', () => {
  test('src/lib imports no store and no island', () => {
    const offenders = sources(join(root, 'src/lib')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => /(^|\/)(stores|islands)\//.test(spec))
        .map((spec) => `${relative(root, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  // Dialogs shared by several screens belong in src/components/<domain>/ (the book form and the
  // bulk upload live there).
  test('islands import no other island', () => {
    const offenders = sources(join(root, 'src/islands')).flatMap((file) => {
      const own = relative(join(root, 'src/islands'), file).split('/')[0];
      return importsOf(file)
        .filter((spec) => spec.startsWith('../') && !spec.startsWith('../../'))
        .filter((spec) => spec.split('/')[1] !== own)
        .map((spec) => `${relative(root, file)} → ${spec}`);
    });
    expect(offenders).toEqual([]);
  });
});
