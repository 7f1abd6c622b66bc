/**
 * Behind a proxy with TRUST_PROXY off every request seems to come from the proxy, so the sign-in
 * limits count the whole library as one address. The server says so once in its log.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function logCollector(): { stream: Writable; entries: () => Array<{ level: number; msg: string }> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const entries = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  return { stream, entries };
}

const WARN = 40;
const forwarded = (app: TestApp['app'], url = '/healthz/') =>
  app.inject({ method: 'GET', url, remoteAddress: '10.30.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
const proxyWarnings = (log: ReturnType<typeof logCollector>) =>
  log.entries().filter((entry) => entry.level === WARN && entry.msg.includes('TRUST_PROXY'));

describe('X-Forwarded-For with TRUST_PROXY off', () => {
  test('is reported once in the log, telling the admin to set TRUST_PROXY', async () => {
    const log = logCollector();
    t = await startTestApp({ LOG_LEVEL: 'warn' }, { logStream: log.stream });
    await forwarded(t.app);
    await forwarded(t.app, '/settings/library/');
    await Promise.all([forwarded(t.app), forwarded(t.app)]);
    const warnings = proxyWarnings(log);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toBe(
      'Requests carry X-Forwarded-For but TRUST_PROXY is off: every client seems to come from the proxy at 10.30.0.1, so sign-in limits count them as one address. Set TRUST_PROXY=on behind a load balancer or reverse proxy.',
    );
  });

  test('is not reported without the header, nor when TRUST_PROXY is on', async () => {
    const quiet = logCollector();
    t = await startTestApp({ LOG_LEVEL: 'warn' }, { logStream: quiet.stream });
    await t.app.inject({ method: 'GET', url: '/healthz/', remoteAddress: '10.30.0.1' });
    expect(proxyWarnings(quiet)).toEqual([]);
    await t.close();

    const trusting = logCollector();
    t = await startTestApp({ LOG_LEVEL: 'warn', TRUST_PROXY: 'on' }, { logStream: trusting.stream });
    await forwarded(t.app);
    expect(proxyWarnings(trusting)).toEqual([]);
  });
});
