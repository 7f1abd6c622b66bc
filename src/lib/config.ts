/**
 * Runtime configuration. One build serves every library: the API base URL is read at run time
 * from `config.json` beside `index.html`, which an admin edits on the host without a rebuild.
 */
import { nonempty, string, type, validate, type Infer } from 'superstruct';

export const RuntimeConfigStruct = type({ apiBaseUrl: nonempty(string()) });

export type RuntimeConfig = Infer<typeof RuntimeConfigStruct>;

/** Used when `config.json` is missing or invalid: the API server's default local address. */
export const FALLBACK_CONFIG: RuntimeConfig = { apiBaseUrl: 'http://localhost:8000' };

/** Where the site root's `config.json` lives (root-relative, so deep pages find it too). */
export const CONFIG_PATH = '/config.json';

let cached: Promise<RuntimeConfig> | null = null;

/** Reads `config.json` once per page (the promise is cached); falls back with a warning. */
export function loadConfig(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<RuntimeConfig> {
  cached ??= readConfig(fetchImpl);
  return cached;
}

/** Forgets the cached configuration (tests, or after an admin changed it). */
export function forgetConfig(): void {
  cached = null;
}

async function readConfig(fetchImpl: typeof fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl(CONFIG_PATH, { cache: 'no-cache', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const [error, config] = validate(await response.json(), RuntimeConfigStruct);
    if (error) throw new Error(`invalid config.json: ${error.message}`);
    return { apiBaseUrl: config.apiBaseUrl.trim() };
  } catch (error) {
    console.warn(
      `Could not read ${CONFIG_PATH} (${error instanceof Error ? error.message : String(error)}); ` +
        `using ${FALLBACK_CONFIG.apiBaseUrl}.`,
    );
    return FALLBACK_CONFIG;
  }
}
