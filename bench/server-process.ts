/**
 * The API server of a bench, in a node process of its own (tsx loaded inside it, so its pid is the
 * server's: the soak reads its memory), on a free port of this machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './report.js';

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts `serve` with `env` and waits until it answers at `base` (`http://127.0.0.1:port`). */
export async function startServer(env: Record<string, string>, base: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    const answer = await fetch(`${base}/healthz/`).catch(() => undefined);
    if (answer?.ok) return child;
    if (Date.now() > deadline) throw new Error('The server did not answer /healthz/ within 60 s.');
    await new Promise((r) => setTimeout(r, 200));
  }
}
