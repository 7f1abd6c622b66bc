import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closure, importCycles, pageEntries, staticImports } from '../../scripts/page-scripts';

let dist = '';
const PAGE =
  '<!doctype html><html><head><link rel="stylesheet" href="/_astro/a.css"></head><body>' +
  '<astro-island component-url="/_astro/Island.js" renderer-url="/_astro/client.js"></astro-island></body></html>';

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'page-scripts-'));
  mkdirSync(join(dist, '_astro'));
  const files: Record<string, string> = {
    'Island.js': 'import{a}from"./shared.js";import"./side.js";export{b}from"./re.js";const later=()=>import("./Dialog.js");',
    'client.js': 'import{r}from"./react.js";',
    'shared.js': 'import{r}from"./react.js";export const a=1;',
    'side.js': 'console.log(1)',
    're.js': 'export const b=2;',
    'react.js': 'export const r=0;',
    'Dialog.js': 'import"./big.js";',
    'big.js': '',
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dist, '_astro', name), code);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('a page’s scripts before interaction', () => {
  test('static imports count, dynamic import() does not', () => {
    expect(staticImports('import{a}from"./x.js";import "./y.js";export*from"./z.js";import("./lazy.js")').sort()).toEqual(['./x.js', './y.js', './z.js']);
  });

  test('the islands’ components and renderers with everything they import statically, each once', () => {
    const files = closure(pageEntries(PAGE, dist)).map((file) => file.slice(dist.length));
    expect(files.sort()).toEqual(['/_astro/Island.js', '/_astro/client.js', '/_astro/re.js', '/_astro/react.js', '/_astro/shared.js', '/_astro/side.js']);
    expect(new Set(files).size).toBe(files.length);
  });
});

describe('import cycles between built files', () => {
  test('none in a tree of imports; a file importing one that imports it back is one', () => {
    const names = ['Island.js', 'client.js', 'shared.js', 'side.js', 're.js', 'react.js', 'Dialog.js', 'big.js'].map((name) => `_astro/${name}`);
    expect(importCycles(dist, names)).toEqual([]);
    writeFileSync(join(dist, '_astro', 'core.js'), 'import{r}from"./vendor.js";export const f=r.forwardRef;');
    writeFileSync(join(dist, '_astro', 'vendor.js'), 'import{g}from"./core.js";export const r=g();');
    expect(importCycles(dist, [...names, '_astro/core.js', '_astro/vendor.js'])).toEqual([['_astro/core.js', '_astro/vendor.js']]);
  });
});
