/**
 * Several tabs of one browser share one refresh: the refresh runs under a Web Lock, and a tab that
 * gets the lock after another re-reads the stored session and uses the token that tab stored.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createHttpClient, REFRESH_LOCK, type RefreshLocks, type TokenStore } from '../../../src/lib/http';

const BASE = 'http://api.test';

type Tokens = { access?: string; refresh?: string };

/**
 * One browser: the stored session (localStorage, shared by every tab) and a lock manager that runs
 * one holder of a name at a time. Each tab keeps its own copy of the session, which hears of other
 * tabs' writes only when `deliverStorageEvents` runs (the storage event comes later).
 */
function fakeBrowser(initial: Tokens) {
  let stored: Tokens | null = { ...initial };
  const views: Array<{ current: Tokens | null }> = [];
  const requested: string[] = [];
  const queues = new Map<string, Promise<unknown>>();
  const locks: RefreshLocks = {
    request<T>(name: string, run: () => Promise<T>): Promise<T> {
      requested.push(name);
      const result = (queues.get(name) ?? Promise.resolve()).then(run);
      queues.set(name, result.catch(() => undefined));
      return result;
    },
  };
  function tab(): TokenStore & { view: () => Tokens | null; cleared: number } {
    const own = { current: stored ? { ...stored } : null };
    views.push(own);
    const store = {
      cleared: 0,
      view: () => own.current,
      read: () => own.current,
      save: (next: { access: string; refresh?: string | undefined }) => {
        if (!own.current) return;
        own.current = { ...own.current, access: next.access, refresh: next.refresh ?? own.current.refresh };
        stored = { ...own.current };
      },
      clear: () => {
        own.current = null;
        stored = null;
        store.cleared += 1;
      },
      reload: () => (stored ? { ...stored } : null),
    };
    return store;
  }
  const deliverStorageEvents = () => {
    for (const view of views) view.current = stored ? { ...stored } : null;
  };
  return { locks, requested, tab, deliverStorageEvents, stored: () => stored };
}

/** The API: a refresh with the current refresh token rotates it; a spent one is refused. */
function fakeApi() {
  let generation = 1;
  const refreshBodies: unknown[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url === `${BASE}/api/token/refresh/`) {
      const body = JSON.parse(String(init?.body)) as { refresh: string };
      refreshBodies.push(body);
      if (body.refresh !== `r${generation}`) return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
      generation += 1;
      return json(200, { access: `a${generation}`, refresh: `r${generation}` });
    }
    const authorization = new Headers(init?.headers).get('authorization');
    return authorization === `Bearer a${generation}` ? json(200, { ok: true }) : json(401, { detail: 'Given token not valid for any token type' });
  });
  return { fetchImpl, refreshBodies };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshing across tabs', () => {
  test('three tabs with an expired token refresh once between them and all keep the session', async () => {
    const browser = fakeBrowser({ access: 'a0', refresh: 'r1' });
    const api = fakeApi();
    const tabs = [browser.tab(), browser.tab(), browser.tab()];
    const clients = tabs.map((tokens) => createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens, locks: browser.locks }));

    const answers = await Promise.all(clients.map((http) => http.get('/users/1/permissions/')));

    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(api.refreshBodies).toEqual([{ refresh: 'r1' }]);
    expect(browser.requested).toEqual([REFRESH_LOCK, REFRESH_LOCK, REFRESH_LOCK]);
    for (const tokens of tabs) {
      expect(tokens.cleared).toBe(0);
      expect(tokens.view()).toEqual({ access: 'a2', refresh: 'r2' });
    }
    expect(browser.stored()).toEqual({ access: 'a2', refresh: 'r2' });
  });

  test('without Web Locks a tab still re-reads the stored session and uses a token another tab stored', async () => {
    const browser = fakeBrowser({ access: 'a0', refresh: 'r1' });
    const api = fakeApi();
    const early = browser.tab();
    const late = browser.tab();
    await createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens: early, locks: null }).get('/x/');
    // The storage event has not reached the late tab yet: it still sends the expired token.
    const answer = await createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens: late, locks: null }).get('/x/');
    expect(answer).toEqual({ ok: true });
    expect(api.refreshBodies).toEqual([{ refresh: 'r1' }]);
    expect(late.cleared).toBe(0);
    expect(late.view()).toEqual({ access: 'a2', refresh: 'r2' });
  });

  test('takes the browser\'s navigator.locks by default', async () => {
    const browser = fakeBrowser({ access: 'a0', refresh: 'r1' });
    vi.stubGlobal('navigator', { locks: browser.locks });
    const api = fakeApi();
    const tabs = [browser.tab(), browser.tab(), browser.tab()];
    await Promise.all(tabs.map((tokens) => createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens }).get('/x/')));
    expect(api.refreshBodies).toHaveLength(1);
    expect(browser.requested).toHaveLength(3);
  });

  test('a tab whose session was signed out in another tab does not refresh with its old token', async () => {
    const browser = fakeBrowser({ access: 'a0', refresh: 'r1' });
    const api = fakeApi();
    const signedOut = browser.tab();
    const stale = browser.tab();
    signedOut.clear();
    const http = createHttpClient({ fetch: api.fetchImpl, baseUrl: () => BASE, tokens: stale, locks: browser.locks });
    await expect(http.get('/x/')).rejects.toMatchObject({ status: 401 });
    expect(api.refreshBodies).toEqual([]);
    expect(stale.cleared).toBe(1);
  });
});
