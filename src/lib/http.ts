/**
 * The one HTTP client (one backend host, JSON by default, one retry after 401/403, no timeout): one redaxios instance, JSON by default, the bearer token
 * of the session, no timeout. redaxios has no interceptors, so this module wraps it:
 *
 * - On a 401 or 403 the access token is refreshed (`POST /api/token/refresh/` with `{refresh}`)
 *   and the original request is repeated once. Parallel failures share one refresh call.
 * - Tabs share one refresh too: it runs under a Web Lock (`navigator.locks`, where the browser has
 *   it), and a tab that gets the lock first re-reads the stored session; when another tab has
 *   refreshed meanwhile, it uses that tab's token instead of spending the refresh token again
 *   (rotation would otherwise see a reuse). Without Web Locks the re-read still helps, and the
 *   server answers every tab that presents the same token within its grace period alike.
 * - If the refresh fails, or there is no refresh token, the session is cleared and the ORIGINAL
 *   error is passed on, so callers' error messages (the error catalogue) still read the server's answer.
 * - A request that fails again after its retry passes that error on; it never loops.
 *
 * Errors are what redaxios rejects with: the response itself (`status`, `data`) for an HTTP
 * error, or the fetch error (`message`) when the network failed. `src/lib/errors.ts` reads both.
 */
import redaxios, { type Options } from 'redaxios';
import { loadConfig } from './config';
import { TokenRefreshAnswerStruct } from './schemas/auth';
import { parseAnswer } from './schemas';
import { joinUrl } from './url';

type StoredTokens = { access?: string | undefined; refresh?: string | undefined };

/** Where the client reads and writes the session's tokens (the `$session` store in the app). */
export interface TokenStore {
  read(): StoredTokens | null;
  save(tokens: { access: string; refresh?: string | undefined }): void;
  clear(): void;
  /**
   * Reads the tokens again from the storage every tab shares (another tab may have refreshed
   * before this tab heard of it); `read` stands in when absent.
   */
  reload?(): StoredTokens | null;
}

/** The part of the Web Locks API the client uses: one holder of a name at a time, across tabs. */
export interface RefreshLocks {
  request<T>(name: string, run: () => Promise<T>): Promise<T>;
}

/** The name of the Web Lock a refresh holds. */
export const REFRESH_LOCK = 'library-token-refresh';

/** The browser's Web Locks, when it has them (secure contexts of current browsers). */
function browserLocks(): RefreshLocks | null {
  const locks = (globalThis as { navigator?: { locks?: { request: (name: string, run: () => Promise<unknown>) => Promise<unknown> } } }).navigator?.locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return { request: <T>(name: string, run: () => Promise<T>) => locks.request(name, () => run()) as Promise<T> };
}

export interface HttpClientOptions {
  /** A fetch implementation (tests inject one; the browser's by default). */
  fetch?: typeof fetch;
  /** The API base URL (from `config.json` by default). */
  baseUrl?: () => string | Promise<string>;
  /** The session's tokens (the `$session` store by default). */
  tokens?: TokenStore;
  /** The locks tabs share a refresh through (`navigator.locks` by default; null: none). */
  locks?: RefreshLocks | null;
}

export interface RequestOptions {
  params?: Record<string, string | number | boolean> | URLSearchParams;
  headers?: Record<string, string>;
  /** false for public calls (login, registration...): no bearer header and no refresh on 401. */
  auth?: boolean;
  /** 'blob' for files (an e-book, a CSV); JSON by default. */
  responseType?: 'json' | 'blob' | 'text';
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The call got no answer at all (offline, DNS, the server down, CORS refused): the browser's own
 * "Failed to fetch" becomes a sentence naming the server that could not be reached.
 */
export class ServerUnreachableError extends Error {
  constructor(readonly server: string) {
    super(`Could not reach the library server at ${server}. Check your connection or try again.`);
    this.name = 'ServerUnreachableError';
  }
}

/** The origin of a URL for messages (the URL itself when it does not parse). */
function serverName(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Path of the token refresh call, as the original contract spells it. */
export const REFRESH_PATH = '/api/token/refresh/';

/** Whether a rejected request failed with 401 or 403, the statuses that trigger one refresh. */
export function isAuthFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403;
}

/** Builds a client; the app uses the single `http` below, tests build their own. */
export function createHttpClient(options: HttpClientOptions = {}) {
  const tokens: TokenStore = options.tokens ?? {
    read: () => connectedTokens.read(),
    save: (next) => connectedTokens.save(next),
    clear: () => connectedTokens.clear(),
    reload: () => (connectedTokens.reload ?? connectedTokens.read)(),
  };
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const baseUrl = options.baseUrl ?? (async () => (await loadConfig()).apiBaseUrl);
  const instance = redaxios.create({
    headers: { Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  let refreshing: Promise<string> | null = null;

  /**
   * Refreshes under the shared lock. `expired` is the access token this tab holds: when the stored
   * session has another one by the time the lock is held, another tab refreshed and it is used.
   */
  async function refreshAccess(): Promise<string> {
    const expired = tokens.read()?.access;
    const refreshShared = async (): Promise<string> => {
      const stored = tokens.reload ? tokens.reload() : tokens.read();
      const refresh = stored?.refresh;
      if (!refresh) throw new Error('No refresh token');
      if (stored.access && stored.access !== expired) {
        tokens.save({ access: stored.access, refresh });
        return stored.access;
      }
      const data = await request<unknown>('post', REFRESH_PATH, { refresh }, { auth: false });
      const answer = parseAnswer(data, TokenRefreshAnswerStruct);
      tokens.save({ access: answer.access, refresh: answer.refresh });
      return answer.access;
    };
    return locks ? locks.request(REFRESH_LOCK, refreshShared) : refreshShared();
  }

  /** One refresh at a time: every caller that fails meanwhile waits for the same one. */
  function refreshOnce(): Promise<string> {
    refreshing ??= refreshAccess().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The whole answer (data and headers), with the bearer token and one refresh retry. */
  async function respond<T>(method: Method, path: string, data: unknown, opts: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
    const url = joinUrl(await baseUrl(), path);
    const send = (access: string | undefined) => {
      const config: Options = {
        url,
        method,
        data,
        headers: { ...opts.headers, ...(access ? { Authorization: `Bearer ${access}` } : {}) },
      };
      if (opts.params) config.params = opts.params;
      if (opts.responseType) config.responseType = opts.responseType;
      return instance<T>(config).catch((error: unknown) => {
        // redaxios rejects with the response for an HTTP error and with fetch's TypeError when none came.
        if (error instanceof TypeError) throw new ServerUnreachableError(serverName(url));
        throw error;
      });
    };

    if (opts.auth === false) return await send(undefined);

    const sentWith = tokens.read()?.access;
    try {
      return await send(sentWith);
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      let access: string;
      const current = tokens.read()?.access;
      if (current && current !== sentWith) {
        // Another request refreshed the token while this one was in flight: use it, do not refresh again.
        access = current;
      } else {
        try {
          access = await refreshOnce();
        } catch {
          tokens.clear();
          throw error;
        }
      }
      return await send(access);
    }
  }

  async function request<T>(method: Method, path: string, data: unknown, opts: RequestOptions = {}): Promise<T> {
    return (await respond<T>(method, path, data, opts)).data;
  }

  return {
    get: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('get', path, undefined, opts),
    /** A file (`responseType: 'blob'`) with the answer's headers, for its Content-Disposition name. */
    getFile: async (path: string, opts?: Omit<RequestOptions, 'responseType'>): Promise<{ blob: Blob; headers: Headers }> => {
      const answer = await respond<Blob>('get', path, undefined, { ...opts, responseType: 'blob' });
      return { blob: answer.data, headers: answer.headers };
    },
    delete: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('delete', path, undefined, opts),
    post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('post', path, body, opts),
    put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('put', path, body, opts),
    patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('patch', path, body, opts),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** No session yet: calls go without a bearer token. */
const NO_TOKENS: TokenStore = { read: () => null, save: () => undefined, clear: () => undefined };
let connectedTokens: TokenStore = NO_TOKENS;

/**
 * Hands the client the session's token store. The session store calls this when it loads, so this
 * module (like all of src/lib) imports no store.
 */
export function connectTokenStore(store: TokenStore): void {
  connectedTokens = store;
}

/** The site's one HTTP client. */
export const http: HttpClient = createHttpClient();
