/**
 * Colour theme: dark by default (section 1), light on request. The choice persists under `theme`
 * as a JSON string, which the boot script in BaseLayout reads before first paint.
 */
import { persistentAtom } from '@nanostores/persistent';

export type Theme = 'dark' | 'light';

/** localStorage key of the theme choice. */
export const THEME_KEY = 'theme';

const isTheme = (value: unknown): value is Theme => value === 'dark' || value === 'light';

/** Reads a stored theme; anything else reads as no choice. */
export function decodeTheme(raw: string | undefined): Theme {
  try {
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return isTheme(value) ? value : currentDocumentTheme();
  } catch {
    return currentDocumentTheme();
  }
}

/** The theme the boot script applied (it may come from the library's settings), else dark. */
function currentDocumentTheme(): Theme {
  const applied = typeof document === 'undefined' ? undefined : document.documentElement.dataset.theme;
  return isTheme(applied) ? applied : 'dark';
}

/** The active theme. */
export const $theme = persistentAtom<Theme>(THEME_KEY, currentDocumentTheme(), {
  encode: JSON.stringify,
  decode: decodeTheme,
});

function applyTheme(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

// Keep <html data-theme> in step, including when another tab changes the theme.
$theme.listen(applyTheme);

/** Chooses a theme and applies it to the page at once. */
export function setTheme(theme: Theme): void {
  $theme.set(theme);
  applyTheme(theme);
}

/** Switches between dark and light. */
export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}
