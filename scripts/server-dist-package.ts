/**
 * The compiled server imports the shared rules as `#shared/<name>` like the sources do. In the
 * sources the root package.json maps that alias to `src/shared/*.ts`; the compiled files sit under
 * `server/dist/`, whose own package.json (written here after `tsc`) maps it to the compiled
 * `server/dist/src/shared/*.js`. Node resolves `#` imports against the nearest package.json.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const target = fileURLToPath(new URL('../server/dist/package.json', import.meta.url));
writeFileSync(
  target,
  JSON.stringify({ type: 'module', imports: { '#shared/*': './src/shared/*.js' } }, null, 2) + '\n',
);
console.log(`wrote ${target}`);
