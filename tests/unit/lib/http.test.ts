import { describe, expect, test, vi } from 'vitest';
import { createHttpClient, isAuthFailure, ServerUnreachableError, type TokenStore } from '../../../src/lib/http';
import { loginErrorMessage } from '../../../src/lib/errors';

const BASE = 'http://api.test';

/** A Map-backed token store standing in for the `$session` store. */
function memoryTokens(initial: { access?: string; refresh?: string } | null) {
  let current = initial ? { ...initial } : null;
  const store: TokenStore & { cleared: number; current: () => typeof current } = {
    cleared: 0,
    read: () => current,
    save: (next) => {
      current = { ...current, access: next.access, refresh: next.refresh ?? current?.refresh };
    },
    clear: () => {
      current = null;
      store.cleared += 1;
    },
    current: () => current,
  };
  return store;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/**
 * A fake API: `/api/token/refresh/` answers with `refreshAnswer`; every other path answers 200
 * when the bearer is `Bearer <validAccess>` and `denyStatus` otherwise.
 */
function fakeApi(opts: {
  validAccess: string;
  refreshAnswer?: () => Response | Promise<Response>;
  denyStatus?: number;
}) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', authorization: headers.get('authorization'), body });
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url === `${BASE}/api/token/refresh/`) {
      return opts.refreshAnswer ? opts.refreshAnswer() : json(401, { detail: 'Token is invalid or expired' });
    }
    if (headers.get('authorization') === `Bearer ${opts.validAccess}`) return json(200, { url });
    return json(opts.denyStatus ?? 401, { detail: 'Given token not valid for any token type' });
  });
  const refreshCalls = () => calls.filter((call) => call.url.endsWith('/api/token/refresh/'));
  return { fetchImpl, calls, refreshCalls };
}

describe('createHttpClient', () => {
  test('joins paths written with or without a leading slash to the base URL', async () => {
    const api = fakeApi({ validAccess: 'a1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => `${BASE}/`, tokens: memoryTokens({ access: 'a1' }) });
    await http.get('auth/login/');
    await http.get('/settings/library/');
    expect(api.calls.map((call) => call.url)).toEqual([`${BASE}/auth/login/`, `${BASE}/settings/library/`]);
  });

  test('sends JSON bodies and the bearer token of the session', async () => {
    const api = fakeApi({ validAccess: 'a1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens: memoryTokens({ access: 'a1' }) });
    await http.post('books/issued-books/', { book: 3 });
    const init = api.fetchImpl.mock.calls[0]![1]!;
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer a1');
    expect(api.calls[0]!.body).toEqual({ book: 3 });
  });

  test('sends no bearer token on public calls and does not refresh when they fail with 401', async () => {
    const api = fakeApi({ validAccess: 'never', refreshAnswer: () => json(200, { access: 'x' }) });
    const tokens = memoryTokens({ access: 'a1', refresh: 'r1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens });
    await expect(http.post('auth/login/', { username: 'u', password: 'p' }, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.authorization).toBeNull();
    expect(tokens.cleared).toBe(0);
  });

  test('refreshes once for five parallel 401s and retries each request once with the new token', async () => {
    const api = fakeApi({
      validAccess: 'fresh',
      refreshAnswer: () => json(200, { access: 'fresh', refresh: 'r2' }),
    });
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens });

    const paths = ['/a/', '/b/', '/c/', '/d/', '/e/'];
    const answers = await Promise.all(paths.map((path) => http.get<{ url: string }>(path)));

    expect(answers.map((answer) => answer.url)).toEqual(paths.map((path) => `${BASE}${path}`));
    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.refreshCalls()[0]!.body).toEqual({ refresh: 'r1' });
    for (const path of paths) {
      const attempts = api.calls.filter((call) => call.url === `${BASE}${path}`);
      expect(attempts.map((call) => call.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    }
    expect(tokens.current()).toEqual({ access: 'fresh', refresh: 'r2' });
  });

  test('keeps the refresh token when the refresh answer does not rotate it', async () => {
    const api = fakeApi({ validAccess: 'fresh', refreshAnswer: () => json(200, { access: 'fresh' }) });
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens });
    await http.get('/a/');
    expect(tokens.current()).toEqual({ access: 'fresh', refresh: 'r1' });
  });

  test('uses a token refreshed meanwhile instead of refreshing again for a late 401', async () => {
    const api = fakeApi({ validAccess: 'fresh', refreshAnswer: () => json(200, { access: 'fresh' }) });
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens });
    const slow = http.get('/slow/');
    // The first request refreshes; the slow one was sent with the stale token before that finished.
    await http.get('/fast/');
    await slow;
    expect(api.refreshCalls()).toHaveLength(1);
  });

  test('refreshes on a 403 too', async () => {
    const api = fakeApi({ validAccess: 'fresh', denyStatus: 403, refreshAnswer: () => json(200, { access: 'fresh' }) });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens: memoryTokens({ access: 'stale', refresh: 'r1' }) });
    await expect(http.get<{ url: string }>('/x/')).resolves.toEqual({ url: `${BASE}/x/` });
    expect(api.refreshCalls()).toHaveLength(1);
  });

  test('clears the session and rethrows the original error when the refresh fails', async () => {
    const api = fakeApi({ validAccess: 'fresh', refreshAnswer: () => json(401, { detail: 'Token is invalid or expired' }) });
    const tokens = memoryTokens({ access: 'stale', refresh: 'spent' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens });
    await expect(http.get('/x/')).rejects.toMatchObject({
      status: 401,
      data: { detail: 'Given token not valid for any token type' },
    });
    expect(tokens.cleared).toBe(1);
    expect(tokens.current()).toBeNull();
  });

  test('clears the session and rethrows the original error when the refresh answer is malformed', async () => {
    const api = fakeApi({ validAccess: 'fresh', refreshAnswer: () => json(200, { token: 'wrong shape' }) });
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens });
    await expect(http.get('/x/')).rejects.toMatchObject({ status: 401 });
    expect(tokens.cleared).toBe(1);
  });

  test('passes the error on and clears the session when there is no refresh token', async () => {
    const api = fakeApi({ validAccess: 'fresh' });
    const tokens = memoryTokens({ access: 'stale' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens });
    await expect(http.get('/x/')).rejects.toMatchObject({ status: 401 });
    expect(api.refreshCalls()).toHaveLength(0);
    expect(tokens.cleared).toBe(1);
  });

  test('passes a second 401 after the retry on without refreshing again', async () => {
    // The refresh succeeds but the server still refuses the new token: no loop.
    const api = fakeApi({ validAccess: 'never-valid', refreshAnswer: () => json(200, { access: 'fresh' }) });
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens });
    await expect(http.get('/x/')).rejects.toMatchObject({ status: 401 });
    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.calls.filter((call) => call.url === `${BASE}/x/`)).toHaveLength(2);
    expect(tokens.cleared).toBe(0);
  });

  test('does not refresh for other errors', async () => {
    const fetchImpl = vi.fn(async () => json(400, { title: ['Required'] }));
    const tokens = memoryTokens({ access: 'a', refresh: 'r' });
    const http = createHttpClient({ fetch: fetchImpl, baseUrl: () => BASE, tokens });
    await expect(http.post('/books/', {})).rejects.toMatchObject({ status: 400, data: { title: ['Required'] } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  test('a call that gets no answer fails with a sentence naming the server, not the browser\'s "Failed to fetch"', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const http = createHttpClient({ fetch: fetchImpl, baseUrl: () => 'http://127.0.0.1:8000/', tokens: memoryTokens({ access: 'a', refresh: 'r' }) });
    const failure = await http.get('/x/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServerUnreachableError);
    expect((failure as Error).message).toBe('Could not reach the library server at http://127.0.0.1:8000. Check your connection or try again.');
    expect(loginErrorMessage(failure)).toBe('Could not reach the library server at http://127.0.0.1:8000. Check your connection or try again.');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  test('adds query parameters', async () => {
    const api = fakeApi({ validAccess: 'a1' });
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens: memoryTokens({ access: 'a1' }) });
    await http.get('/books/books/', { params: { page: 2, search: 'tolkien' } });
    expect(api.calls[0]!.url).toBe(`${BASE}/books/books/?page=2&search=tolkien`);
  });
});

describe('isAuthFailure', () => {
  test.each([
    [401, true],
    [403, true],
    [400, false],
    [500, false],
  ])('treats status %i as an auth failure: %s', (status, expected) => {
    expect(isAuthFailure({ status })).toBe(expected);
  });

  test('does not treat a network error as an auth failure', () => {
    expect(isAuthFailure(new TypeError('Failed to fetch'))).toBe(false);
  });
});
