/**
 * The compiled server imports the shared rules as `#shared/<name>` like the sources do. In the
 * sources the root package.json maps that alias to `src/shared/*.ts`; the compiled files sit under
 * `server/dist/`, whose own package.json (written here after `tsc`) maps it to the compiled
 * `server/dist/src/shared/*.js`. Node resolves `#` imports against the nearest package.json.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The output folder: the first argument (the built-server test builds elsewhere), else server/dist. */
const outDir = process.argv[2] ? resolve(process.argv[2]) : fileURLToPath(new URL('../server/dist', import.meta.url));
const target = join(outDir, 'package.json');
writeFileSync(
  target,
  JSON.stringify({ type: 'module', imports: { '#shared/*': './src/shared/*.js' } }, null, 2) + '\n',
);
console.log(`wrote ${target}`);
