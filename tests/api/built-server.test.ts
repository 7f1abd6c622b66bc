/**
 * Production runs the compiled server (`npm run build` → `npm run server`): build it into a
 * temporary folder, start it with node (no tsx), and call it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'built-server-'));
let child: ChildProcess | undefined;
const cleanups: Array<() => void> = [];

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
  for (const cleanup of cleanups) cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test('the compiled server starts with node and answers', { timeout: 120_000 }, async () => {
  // Inside the project so the build resolves node_modules as the real one does (server/dist).
  const outDir = join(root, 'server', `dist-test-${process.pid}`);
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  const build = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'server/tsconfig.build.json', '--outDir', outDir], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  // As `npm run build:server` does: the compiled files find the shared rules through their own package.json.
  const map = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/server-dist-package.ts', outDir], { cwd: root, encoding: 'utf8' });
  expect(map.status, map.stdout + map.stderr).toBe(0);

  const port = await freePort();
  child = spawn(process.execPath, [join(outDir, 'server/src/main.js'), 'serve'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: join(work, 'data'), API_PORT: String(port), API_HOST: '127.0.0.1', DATABASE_URL: '' },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  let answer: Response | undefined;
  for (let i = 0; i < 100 && !answer; i++) {
    answer = await fetch(`http://127.0.0.1:${port}/healthz/`).catch(() => undefined);
    if (!answer) await new Promise((r) => setTimeout(r, 200));
  }
  expect(answer?.status, output).toBe(200);
  expect(await answer?.json()).toEqual({ status: 'ok' });
  const settings = await fetch(`http://127.0.0.1:${port}/settings/library/`);
  expect(settings.status).toBe(200);
});
