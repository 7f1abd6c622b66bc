import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { NOTICES } from '../../../src/lib/notices';

describe('success and information toasts', () => {
  test.each([
    [NOTICES.exported(1), 'Exported 1 book'],
    [NOTICES.exported(1250), 'Exported 1,250 books'],
    [NOTICES.exportCapped(10_000, 12_345), 'Exported the first 10,000 of 12,345 books'],
    [NOTICES.referenceAdded('Session', '2024-2028'), 'Session “2024-2028” added'],
    [NOTICES.memberAdded('sana', 'MBR-0042'), 'Member sana added successfully (Member ID MBR-0042).'],
    [NOTICES.memberAdded('sana', null), 'Member sana added successfully.'],
    [NOTICES.addedToRole('sana', 'Front Desk'), 'sana added to Front Desk'],
  ])('%j', (text, expected) => {
    expect(text).toBe(expected);
  });

  test('no island or component spells a toast out itself', () => {
    const root = new URL('../../../', import.meta.url).pathname;
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = join(dir, name);
        return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
      });
    // A toast call whose first argument is a string or template literal.
    const literal = /\btoast\.(?:success|info|error|warning)\(\s*[`'"]|\btoastOnNextPage\(\s*'[a-z]+',\s*[`'"]/;
    const found = [...files(join(root, 'src/islands')), ...files(join(root, 'src/components'))]
      .filter((file) => !file.endsWith('Toaster.tsx') && !file.endsWith('ToasterView.tsx'))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line, i) => ({ file, line: i + 1, text: line })))
      .filter(({ text }) => literal.test(text))
      .map(({ file, line }) => `${file.slice(root.length)}:${line}`);
    expect(found).toEqual([]);
  });
});
