/**
 * `npm run dev`: the API (restarting on change) and `astro dev` side by side. The site reads
 * public/config.json, which points at http://localhost:8000, the API's default port.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const bin = (name: string): string => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', 'server/src/main.ts', 'serve'], { stdio: 'inherit', env }),
  spawn(bin('astro'), ['dev'], { stdio: 'inherit', env }),
];

const stop = (): void => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
