import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CONFIG_PATH, FALLBACK_CONFIG, forgetConfig, loadConfig } from '../../../src/lib/config';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  forgetConfig();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadConfig', () => {
  test('reads the API base URL from /config.json without the HTTP cache', async () => {
    const fetchImpl = vi.fn(async () => json(200, { apiBaseUrl: 'https://api.library.test' }));
    await expect(loadConfig(fetchImpl)).resolves.toEqual({ apiBaseUrl: 'https://api.library.test' });
    expect(fetchImpl).toHaveBeenCalledWith(CONFIG_PATH, expect.objectContaining({ cache: 'no-cache' }));
  });

  test('reads the file once per page', async () => {
    const fetchImpl = vi.fn(async () => json(200, { apiBaseUrl: 'https://api.library.test' }));
    await loadConfig(fetchImpl);
    await loadConfig(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  test.each([
    ['the file is missing', async () => json(404, { detail: 'Not found' })],
    ['apiBaseUrl is absent', async () => json(200, { api: 'x' })],
    ['apiBaseUrl is not a string', async () => json(200, { apiBaseUrl: 8000 })],
    ['apiBaseUrl is empty', async () => json(200, { apiBaseUrl: '' })],
    ['the file is not JSON', async () => new Response('<html>', { status: 200 })],
    ['the network fails', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to localhost:8000 with a warning when %s', async (_, fetchImpl) => {
    await expect(loadConfig(fetchImpl as typeof fetch)).resolves.toEqual(FALLBACK_CONFIG);
    expect(FALLBACK_CONFIG.apiBaseUrl).toBe('http://localhost:8000');
    expect(console.warn).toHaveBeenCalledOnce();
  });

  test('accepts extra keys beside apiBaseUrl', async () => {
    const fetchImpl = vi.fn(async () => json(200, { apiBaseUrl: 'http://x.test', note: 'edited by admin' }));
    await expect(loadConfig(fetchImpl)).resolves.toEqual({ apiBaseUrl: 'http://x.test' });
  });
});
