import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, describe, expect, test } from 'vitest';

// The theme store subscribes as it loads, so the test engine must be in place before it is imported.
useTestStorageEngine();
const { $theme, decodeTheme, setTheme, toggleTheme } = await import('../../../src/stores/theme');

afterEach(() => {
  cleanTestStorage();
});

describe('$theme', () => {
  test('is dark by default', () => {
    expect($theme.get()).toBe('dark');
  });

  test('stores the choice as a JSON string under theme', () => {
    setTheme('light');
    expect(getTestStorage().theme).toBe('"light"');
    expect($theme.get()).toBe('light');
  });

  test('toggles between dark and light', () => {
    setTheme('dark');
    toggleTheme();
    expect($theme.get()).toBe('light');
    toggleTheme();
    expect($theme.get()).toBe('dark');
  });

  test.each([
    ['a valid stored choice', '"light"', 'light'],
    ['text that is not JSON', 'light', 'dark'],
    ['an unknown theme', '"sepia"', 'dark'],
    ['nothing', undefined, 'dark'],
  ])('decodes %s', (_, raw, expected) => {
    expect(decodeTheme(raw)).toBe(expected);
  });

  test('follows another tab changing the theme', () => {
    const unsubscribe = $theme.listen(() => {});
    setTestStorageKey('theme', '"light"');
    expect($theme.get()).toBe('light');
    unsubscribe();
  });
});
