import { describe, expect, test } from 'vitest';
import { assetUrl, joinUrl } from '../../../src/lib/url';

describe('joinUrl', () => {
  test.each([
    ['http://api.test', 'auth/login/', 'http://api.test/auth/login/'],
    ['http://api.test', '/auth/login/', 'http://api.test/auth/login/'],
    ['http://api.test/', '/auth/login/', 'http://api.test/auth/login/'],
    ['http://api.test//', '//auth/login/', 'http://api.test/auth/login/'],
    ['https://host.test/library/api', 'books/books/', 'https://host.test/library/api/books/books/'],
    ['http://api.test', 'https://cdn.test/logo.png', 'https://cdn.test/logo.png'],
  ])('joins %s and %s', (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected);
  });
});

describe('assetUrl', () => {
  test.each([
    ['/uploads/logo.png', 'http://api.test/uploads/logo.png'],
    ['uploads/logo.png', 'http://api.test/uploads/logo.png'],
    ['https://cdn.test/logo.png', 'https://cdn.test/logo.png'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    [null, null],
    ['', null],
  ])('resolves %s', (path, expected) => {
    expect(assetUrl('http://api.test/', path)).toBe(expected);
  });
});
