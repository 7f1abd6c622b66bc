/**
 * Colour theme: dark by default (the product's default theme), light on request. The user's choice persists under
 * `theme` as a JSON string; until the user chooses, the library's default theme from the general
 * settings applies. BaseLayout's boot script applies the same rule before first paint.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';

export type Theme = 'dark' | 'light';

/** localStorage key of the theme choice. */
export const THEME_KEY = 'theme';

/** The theme when neither the user nor the library chose one. */
export const DEFAULT_THEME: Theme = 'dark';

const isTheme = (value: unknown): value is Theme => value === 'dark' || value === 'light';

function decodeChoice(raw: string | undefined): Theme | null {
  try {
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

/** Reads a stored theme; anything else reads as the default. */
export function decodeTheme(raw: string | undefined): Theme {
  return decodeChoice(raw) ?? DEFAULT_THEME;
}

/** Pure rule: the user's choice, else the library's default, else dark. */
export function effectiveTheme(choice: Theme | null, libraryDefault: unknown): Theme {
  return choice ?? (isTheme(libraryDefault) ? libraryDefault : DEFAULT_THEME);
}

/** The user's own choice, or null when they have not chosen. */
const $themeChoice = persistentAtom<Theme | null>(THEME_KEY, null, {
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: decodeChoice,
});

/** The library's default theme from the general settings. */
const $libraryTheme = atom<Theme | null>(null);

/** The active theme. */
export const $theme = computed([$themeChoice, $libraryTheme], (choice, library) => effectiveTheme(choice, library));

function applyTheme(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

// Keep <html data-theme> in step, including when another tab changes the theme.
$theme.listen(applyTheme);

/** Chooses a theme (remembered) and applies it to the page at once. */
export function setTheme(theme: Theme): void {
  $themeChoice.set(theme);
  applyTheme($theme.get());
}

/** Switches between dark and light. */
export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}

/** Sets the library's default theme (from the general settings); the user's choice still wins. */
export function setLibraryTheme(theme: unknown): void {
  $libraryTheme.set(isTheme(theme) ? theme : null);
}
