/**
 * The rules both the site and the API server use live in `src/shared/` and are imported from
 * everywhere as `#shared/<name>` (package.json `imports`). This test keeps that boundary:
 * - shared code imports only other shared files (relatively) and a few plain packages: no site
 *   code (src/lib, stores, islands, components), no server code, no React, no Node built-ins;
 * - nobody outside reaches into the folder by a relative path (one way in: the alias);
 * - the server never imports the site's own code (`src/lib`, stores, islands).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const sharedDir = join(root, 'src/shared');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [full] : [];
  });
}

const importsOf = (text: string): string[] =>
  [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!);

/** Packages shared code may use: validation structs and CSV parsing, which run on both sides. */
const allowedPackages = new Set(['superstruct', 'papaparse']);

/** Offending imports of a shared file: anything but a sibling shared file or an allowed package. */
function sharedOffences(file: string, text: string): string[] {
  return importsOf(text).filter((spec) => {
    if (spec.startsWith('.')) return !resolve(dirname(file), spec).startsWith(sharedDir + '/');
    return !allowedPackages.has(spec);
  });
}

describe('the shared rules folder', () => {
  test('imports no site code, no server code and no platform package', () => {
    const offenders = sources(sharedDir).flatMap((file) => sharedOffences(file, readFileSync(file, 'utf8')).map((spec) => `${relative(root, file)} → ${spec}`));
    expect(offenders).toEqual([]);
  });

  test('the check catches a shared file reaching into the site, the server or Node', () => {
    const file = join(sharedDir, 'money.ts');
    expect(sharedOffences(file, "import { x } from '../lib/http';")).toEqual(['../lib/http']);
    expect(sharedOffences(file, "import { y } from '../../server/src/db/client.js';")).toEqual(['../../server/src/db/client.js']);
    expect(sharedOffences(file, "import { readFileSync } from 'node:fs';")).toEqual(['node:fs']);
    expect(sharedOffences(file, "import { useState } from 'react';")).toEqual(['react']);
    expect(sharedOffences(file, "import { toDecimalString } from './numbers.js';\nimport { object } from 'superstruct';")).toEqual([]);
  });

  test('is entered only through the #shared alias', () => {
    const outside = ['src', 'server/src', 'tests', 'scripts', 'bench'].flatMap((dir) => sources(join(root, dir))).filter((file) => !file.startsWith(sharedDir + '/'));
    const offenders = outside.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.') && resolve(dirname(file), spec).startsWith(sharedDir + '/'))
        .map((spec) => `${relative(root, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  test('is never passed on: no file outside re-exports a shared rule (each is imported from its home)', () => {
    const outside = ['src', 'server/src', 'tests', 'scripts', 'bench'].flatMap((dir) => sources(join(root, dir))).filter((file) => !file.startsWith(sharedDir + '/'));
    const offenders = outside.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/export\s*(?:\*|type\s*\{[^}]*\}|\{[^}]*\})\s*from\s*['"](#shared\/[^'"]+)['"]/g)].map((m) => `${relative(root, file)} → ${m[1]}`),
    );
    expect(offenders).toEqual([]);
  });

  test('the server imports none of the site’s own code', () => {
    const offenders = sources(join(root, 'server/src')).flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.') && resolve(dirname(file), spec).startsWith(join(root, 'src') + '/'))
        .map((spec) => `${relative(root, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});
