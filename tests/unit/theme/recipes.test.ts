/**
 * Every recipe in `src/theme/recipes/` is registered with the theme (a recipe file nobody
 * registers would generate no CSS, and its classes would silently style nothing), class names are
 * unique, and Panda turns each one into class names for every variant.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { theme } from '../../../src/theme/theme';

const folder = new URL('../../../src/theme/recipes/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts') && name !== 'index.ts');

interface RecipeConfig {
  className: string;
  variants?: Record<string, Record<string, unknown>>;
}
const isRecipe = (value: unknown): value is RecipeConfig => typeof value === 'object' && value !== null && typeof (value as { className?: unknown }).className === 'string';

const registered: RecipeConfig[] = [...Object.values(theme.recipes), ...Object.values(theme.slotRecipes)];

describe('theme recipes', () => {
  test.each(files)('every recipe defined in %s is registered with the theme', async (file) => {
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    const defined = Object.values(module).filter(isRecipe);
    expect(defined.length).toBeGreaterThan(0);
    for (const recipe of defined) expect(registered).toContain(recipe);
  });

  test('class names are unique', () => {
    const names = registered.map((recipe) => recipe.className);
    expect(new Set(names).size).toBe(names.length);
  });

  test.each(['card', 'toolbar', 'focusable', 'table', 'popover', 'figure', 'text'])('the %s recipe is among the ones the site and its components use', (name) => {
    const all = { ...theme.recipes, ...theme.slotRecipes } as Record<string, RecipeConfig>;
    expect(all[name]).toBeDefined();
  });
});

describe('generated recipe classes', () => {
  test('Panda generated class names for each new recipe and its variants', async () => {
    const generated = await import('../../../styled-system/recipes/index.mjs');
    expect(generated.card({ padding: 'lg', interactive: true })).toContain('card--interactive_true');
    expect(generated.toolbar({ justify: 'between' })).toContain('toolbar--justify_between');
    expect(generated.focusable({ on: 'input' })).toContain('focusable--on_input');
    expect(generated.table({ frame: 'boxed' }).root).toContain('table__root--frame_boxed');
    expect(generated.popover({ size: 'md' }).content).toContain('popover__content--size_md');
    expect(generated.figure({ framed: true }).root).toContain('figure__root--framed_true');
  });
});

/** Every source file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx|astro)$/.test(name) ? [full] : [];
  });
}

describe('recipe sources stay in the theme', () => {
  test('no component imports a recipe file (Panda does not follow imports, so an imported style object yields no CSS)', () => {
    const src = new URL('../../../src/', import.meta.url).pathname;
    const offenders = sources(src)
      .filter((file) => !relative(src, file).startsWith('theme/'))
      .filter((file) => /from ['"][./]*(\.\.\/)*theme\/recipes/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(offenders).toEqual([]);
  });
});
