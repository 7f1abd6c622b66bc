import { describe, expect, test } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, controlCharactersError, hasControlCharacters } from '#shared/control-characters';

const C0_BUT_TAB_LF_CR = Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code));

describe('single-line fields', () => {
  test.each([
    ['a\u0000b', 'NUL'],
    ['\u0007', 'a bell'],
    ['\u001b[31mred', 'an escape sequence'],
    ['a\tb', 'a tab'],
    ['a\nb', 'a newline'],
    ['a\r\nb', 'a CRLF'],
    ['a\rb', 'a lone CR'],
    ['a\u007fb', 'DEL'],
    ['\u001f', 'the last C0 character'],
  ])('refuse %j (%s)', (value) => {
    expect(hasControlCharacters(value)).toBe(true);
    expect(controlCharactersError(value, 'single')).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  test.each(['', 'Plain title', '  spaced  ', 'Ünïcödé — “quotes” ✓', '\u00a0no-break space', '\u0080 a C1 character', 'emoji 📚'])('accept %j', (value) => {
    expect(hasControlCharacters(value, 'single')).toBe(false);
    expect(controlCharactersError(value)).toBeUndefined();
  });
});

describe('fields that allow several lines', () => {
  test.each(['line one\nline two', 'tab\tseparated', 'windows\r\nlines', 'ends with CRLF\r\n', 'plain'])('accept %j', (value) => {
    expect(hasControlCharacters(value, 'multi')).toBe(false);
  });

  test.each([
    ['a\u0000b', 'NUL'],
    ['a\u0007b', 'a bell'],
    ['\u001b[2J', 'an escape sequence'],
    ['a\rb', 'a CR not followed by a newline'],
    ['ends with CR\r', 'a CR at the end'],
    ['a\u000bb', 'a vertical tab'],
    ['a\u000cb', 'a form feed'],
    ['a\u007fb', 'DEL'],
  ])('refuse %j (%s)', (value) => {
    expect(controlCharactersError(value, 'multi')).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  test.each(C0_BUT_TAB_LF_CR)('refuse U+%s in either kind of field', (code) => {
    const value = `a${String.fromCharCode(code)}b`;
    expect(hasControlCharacters(value, 'multi')).toBe(true);
    expect(hasControlCharacters(value, 'single')).toBe(true);
  });
});
