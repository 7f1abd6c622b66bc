import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

describe('install scripts', () => {
  it('package.json reviews every dependency that runs an install script (npm installs keep working when unreviewed scripts are blocked)', () => {
    const withScripts = new Set(
      Object.entries(lock.packages)
        .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
        .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    );
    expect(withScripts.size).toBeGreaterThan(0);
    const reviewed = Object.keys(pkg.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1'));
    expect([...withScripts].filter((name) => !reviewed.includes(name))).toEqual([]);
  });
});
