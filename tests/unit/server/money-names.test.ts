/**
 * Money has one implementation, `src/shared/money.ts` (imported as `#shared/money`), and the server calls it by its own names:
 * `toDecimalString` writes the wire's "1250.00", `formatMoney` writes "Rs. 1,250.00" on both sides.
 * No server file renames a money function, re-exports it, or declares its own under the same name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as money from '#shared/money';

const serverSource = new URL('../../../server/src/', import.meta.url).pathname;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const files = filesUnder(serverSource).map((path) => ({ path: path.slice(serverSource.length), text: readFileSync(path, 'utf8') }));
const moneyNames = Object.keys(money);
/** `import { … } from '…money.js'` and `export { … } from '…money.js'` statements of a file. */
const moneyStatements = (text: string): string[] => [...text.matchAll(/(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']*money(?:\.js)?)'/g)].map((match) => `${match[1]!.trim()} from ${match[2]}`);

describe('money on the server', () => {
  test('is imported from #shared/money itself, not through a server copy', () => {
    const elsewhere = files.flatMap(({ path, text }) => moneyStatements(text).filter((statement) => !statement.endsWith(' from #shared/money')).map((statement) => `${path}: ${statement}`));
    expect(elsewhere).toEqual([]);
  });

  test('keeps the shared names (no `x as y`)', () => {
    const renamed = files.flatMap(({ path, text }) => moneyStatements(text).filter((statement) => /\bas\b/.test(statement)).map((statement) => `${path}: ${statement}`));
    expect(renamed).toEqual([]);
  });

  test('declares no function of its own under a money function’s name', () => {
    const own = files.flatMap(({ path, text }) =>
      moneyNames.filter((name) => new RegExp(`(?:function|const|let)\\s+${name}\\b|\\bas\\s+${name}\\b`).test(text)).map((name) => `${path}: ${name}`),
    );
    expect(own).toEqual([]);
  });

  test('formats the wire and the screen differently', () => {
    expect(money.toDecimalString(125000)).toBe('1250.00');
    expect(money.formatMoney(125000)).toBe('Rs. 1,250.00');
  });
});
