import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsFor } from '../../../server/src/db/migrations/index.js';

const dir = new URL('../../../server/src/db/migrations/', import.meta.url);

describe('migrations', () => {
  it('lists every migration file once, in file-name order, under the name it is recorded by', () => {
    const files = readdirSync(dir)
      .filter((f) => /^\d{4}_\w+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(MIGRATIONS.map(([name]) => name)).toEqual(files);
  });

  it('builds the same migrations for both dialects', () => {
    expect(Object.keys(migrationsFor('sqlite'))).toEqual(Object.keys(migrationsFor('postgres')));
  });
});
