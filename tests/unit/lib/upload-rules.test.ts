import { describe, expect, test } from 'vitest';
import {
  DEFAULT_UPLOAD_LIMITS,
  EBOOK_FILE_TYPES,
  FAVICON_FILE_TYPES,
  IMAGE_FILE_TYPES,
  acceptedMimeTypes,
  describeBytes,
  fileTypeNames,
  tooLargeMessage,
  uploadLimitsFrom,
} from '#shared/upload-rules';

const MB = 1024 * 1024;

describe('upload limits read from the settings answer', () => {
  test.each([
    ['nothing (settings not loaded yet)', undefined, DEFAULT_UPLOAD_LIMITS],
    ['null', null, DEFAULT_UPLOAD_LIMITS],
    ['a string', '5242880', DEFAULT_UPLOAD_LIMITS],
    ['every limit', { image: 1 * MB, cover: 3 * MB, ebook: 20 * MB, csv: 4 * MB }, { image: 1 * MB, cover: 3 * MB, ebook: 20 * MB, csv: 4 * MB }],
    ['one limit (the rest keep their defaults)', { cover: 7 * MB }, { ...DEFAULT_UPLOAD_LIMITS, cover: 7 * MB }],
    ['unusable values', { image: 0, cover: -1, ebook: 1.5, csv: '1048576' }, DEFAULT_UPLOAD_LIMITS],
    ['unknown kinds', { video: 100 * MB }, DEFAULT_UPLOAD_LIMITS],
  ])('%s', (_case, given, expected) => {
    expect(uploadLimitsFrom(given)).toEqual(expected);
  });

  test('never hands out the shared defaults object itself', () => {
    const limits = uploadLimitsFrom(undefined);
    limits.cover = 1;
    expect(DEFAULT_UPLOAD_LIMITS.cover).toBe(5 * MB);
  });
});

describe('sizes in words', () => {
  test.each([
    [2 * MB, '2 MB'],
    [50 * MB, '50 MB'],
    [3.5 * MB, '3.5 MB'],
    [500 * 1024, '500 KB'],
    [900, '900 bytes'],
  ])('%i bytes read "%s"', (bytes, words) => {
    expect(describeBytes(bytes)).toBe(words);
  });

  test('the too-large message names the limit as the server words it', () => {
    expect(tooLargeMessage(5 * MB)).toBe('File is too large (max 5 MB).');
  });
});

describe('accepted types', () => {
  test.each([
    ['images', IMAGE_FILE_TYPES, ['image/png', 'image/jpeg', 'image/webp']],
    ['favicons', FAVICON_FILE_TYPES, ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon']],
    ['e-books', EBOOK_FILE_TYPES, ['application/pdf']],
  ])('%s accept %j', (_kind, types, mimes) => {
    expect(acceptedMimeTypes(types)).toEqual(mimes);
  });
});

describe('types in words', () => {
  test.each([
    [IMAGE_FILE_TYPES, 'PNG, JPEG or WebP'],
    [FAVICON_FILE_TYPES, 'PNG, JPEG, WebP or ICO'],
    [EBOOK_FILE_TYPES, 'PDF'],
  ])('%j reads "%s"', (types, words) => {
    expect(fileTypeNames(types)).toBe(words);
  });
});
