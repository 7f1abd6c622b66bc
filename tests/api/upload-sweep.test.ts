/**
 * The sweep of uploaded files removes only files no row names: a file of every kind stored through
 * its real call (logo, favicon, category image, cover, e-book, member and staff photos) survives it,
 * and an unreferenced file of every kind is removed once older than the grace.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { isbnCheckDigit } from '#shared/isbn';
import { sweepUnreferencedFiles } from '../../server/src/storage/sweep.js';
import { access, bearer, t, useSignedInApp } from './support/harness.js';
import { multipart, PDF, PNG } from './support/multipart.js';

useSignedInApp({}, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

const send = async (method: 'POST' | 'PUT' | 'PATCH', url: string, token: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
  const body = multipart(fields, files);
  const answer = await t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
};
const png = (filename: string) => ({ filename, content: PNG, contentType: 'image/png' });
const isbn = '978030640615';

test('keeps every referenced file of every kind and removes the unreferenced ones', async () => {
  await send('PUT', '/settings/library/', access['admin']!, {}, { logo: png('logo.png'), favicon: png('favicon.png') });
  await send('POST', '/categories/', access['admin']!, { name: 'Atlases' }, { image: png('atlas.png') });
  const refs = {
    department: String((await t.db.insertInto('departments').values({ name: 'Maps' }).returning('id').executeTakeFirstOrThrow()).id),
    category: String((await t.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id),
    language: String((await t.db.insertInto('languages').values({ name: 'Latin' }).returning('id').executeTakeFirstOrThrow()).id),
  };
  await send('POST', '/books/books/', access['admin']!, { title: 'Swept Clean', author: 'A. Author', isbn: `${isbn}${isbnCheckDigit(isbn)}`, publisher: 'Press', total_copies: '1', rack_no: 'R-1', ...refs }, {
    cover_photo: png('cover.png'),
    ebook_file: { filename: 'book.pdf', content: PDF, contentType: 'application/pdf' },
  });
  await send('PATCH', '/users/update-profile/', access['reader']!, {}, { profile_photo: png('me.png') });
  await send('PATCH', '/users/update-manager-profile/', access['desk']!, {}, { profile_photo: png('desk.png') });

  const media = t.app.ctx.media;
  const kept = [
    ...(await t.db.selectFrom('library_settings').select(['logo', 'favicon']).execute()).flatMap((r) => [r.logo, r.favicon]),
    ...(await t.db.selectFrom('categories').select('image').execute()).map((r) => r.image),
    ...(await t.db.selectFrom('book_covers').select('file').execute()).map((r) => r.file),
    ...(await t.db.selectFrom('books').select('ebook_file').execute()).map((r) => r.ebook_file),
    ...(await t.db.selectFrom('member_profiles').select('profile_photo').execute()).map((r) => r.profile_photo),
    ...(await t.db.selectFrom('manager_profiles').select('profile_photo').execute()).map((r) => r.profile_photo),
  ].filter((file): file is string => Boolean(file));
  // Every kind of upload the store knows is among them, so a new kind must be stored here too.
  expect(new Set(kept.map((file) => file.split('/')[0])).size).toBe(Object.keys(media.kinds).length);
  const orphans = await Promise.all(Object.keys(media.kinds).map((kind) => media.save(kind, kind === 'ebooks' ? PDF : PNG, kind === 'ebooks' ? 'pdf' : 'png')));

  // Within the grace nothing goes (another instance may be saving it).
  expect(await sweepUnreferencedFiles(media, t.db, 60_000)).toEqual([]);
  const removed = await sweepUnreferencedFiles(media, t.db, 0);
  expect(removed.sort()).toEqual([...orphans].sort());
  const onDisk = (file: string) => existsSync(path.join(media.root, file));
  expect(kept.filter((file) => !onDisk(file))).toEqual([]);
  expect(orphans.filter(onDisk)).toEqual([]);
});
