/**
 * `npm start` is what a newcomer runs on a laptop: it listens on this machine only (127.0.0.1)
 * unless API_HOST / SITE_HOST say otherwise. The production command keeps the documented
 * API_HOST default (0.0.0.0, server/src/config.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { startHosts } from '../../scripts/start-hosts';
import { loadConfig } from '../../server/src/config';

describe('the hosts npm start listens on', () => {
  test.each([
    [{}, { api: '127.0.0.1', site: '127.0.0.1' }],
    [{ API_HOST: '0.0.0.0' }, { api: '0.0.0.0', site: '127.0.0.1' }],
    [{ SITE_HOST: '0.0.0.0' }, { api: '127.0.0.1', site: '0.0.0.0' }],
    [{ API_HOST: '192.168.1.20', SITE_HOST: '::' }, { api: '192.168.1.20', site: '::' }],
    [{ API_HOST: '  ', SITE_HOST: '' }, { api: '127.0.0.1', site: '127.0.0.1' }],
    [{ API_HOST: ' 0.0.0.0 ' }, { api: '0.0.0.0', site: '127.0.0.1' }],
  ])('%j → %j', (env, hosts) => {
    expect(startHosts(env)).toEqual(hosts);
  });

  test('the start script listens where startHosts says, for the API and the site', () => {
    const source = readFileSync(new URL('../../scripts/start.ts', import.meta.url), 'utf8');
    expect(source).toMatch(/startHosts\(process\.env\)/);
    expect(source).toMatch(/process\.env\.API_HOST = hosts\.api/);
    expect(source).toMatch(/startSiteServer\(\{[^}]*host: hosts\.site/);
  });

  test('the production server keeps its documented default host', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).host).toBe('0.0.0.0');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), API_HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });
});
