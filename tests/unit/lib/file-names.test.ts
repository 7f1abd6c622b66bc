import { describe, expect, test } from 'vitest';
import { fileNameFromDisposition, fileNameOfUrl, shortenFileName, splitExtension } from '../../../src/lib/file-names';

describe('shortenFileName', () => {
  test.each([
    ['mybookcover-final.png', 'mybookco….png'],
    ['cover.png', 'cover.png'],
    ['12345678.jpeg', '12345678.jpeg'],
    ['123456789.jpeg', '12345678….jpeg'],
    ['The Hobbit - first edition.PDF', 'The Hobb….PDF'],
    ['archive.tar.gz', 'archive.….gz'],
    ['a-very-long-archive.tar.gz', 'a-very-l….gz'],
    ['README', 'README'],
    ['no-extension-at-all', 'no-exten…'],
    ['name.withaverylongextension', 'name.wit…'],
    ['.bashrc-settings', '.bashrc-…'],
    ['  spaced-name-here.webp  ', 'spaced-n….webp'],
    ['éèêëàâäôö-couverture.png', 'éèêëàâäô….png'],
    ['📚📚📚📚📚📚📚📚📚.png', '📚📚📚📚📚📚📚📚….png'],
  ])('shows %j as %j', (name, shown) => {
    expect(shortenFileName(name)).toBe(shown);
  });

  test('a different length can be asked for', () => {
    expect(shortenFileName('mybookcover.png', 4)).toBe('mybo….png');
  });
});

describe('splitExtension', () => {
  test.each([
    ['cover.final.PNG', ['cover.final', '.PNG']],
    ['.hidden', ['.hidden', '']],
    ['plain', ['plain', '']],
    ['trailing.', ['trailing.', '']],
  ] as const)('splits %j', (name, parts) => {
    expect(splitExtension(name)).toEqual(parts);
  });
});

describe('fileNameOfUrl', () => {
  test.each([
    ['http://api.test/media/covers/ab12-dune%20front.png', 'ab12-dune front.png'],
    ['/media/ebooks/dune.pdf?sig=1', 'dune.pdf'],
    ['http://api.test/media/covers/', 'http://api.test/media/covers/'],
  ])('finds the name in %j', (url, name) => {
    expect(fileNameOfUrl(url)).toBe(name);
  });
});

describe('fileNameFromDisposition', () => {
  test.each([
    ['attachment; filename="books-out-2026-11-01-2026-11-26.csv"', 'books-out-2026-11-01-2026-11-26.csv'],
    ["attachment; filename=\"x.csv\"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", 'résumé.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    [null, null],
  ])('%s gives %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
