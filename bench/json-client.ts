/**
 * The JSON client of the desk benches (circulation, stock verification): one keep-alive connection
 * to the app under test, signed in once, each request timed by the caller. `expectStatus` fails the
 * run on any other answer, so a bench never times refusals.
 */
import http from 'node:http';

export interface JsonClient {
  call(method: string, url: string, body?: unknown): Promise<{ status: number; body: string }>;
  /** The answer's body when its status is `status`; else the run fails naming the call. */
  expectStatus(method: string, url: string, status: number, body?: unknown): Promise<string>;
  /** Signs in and sends the access token with every later call. */
  signIn(credentials: { username: string; password: string }): Promise<void>;
  close(): void;
}

/** A client of the app listening at `base` (`http://127.0.0.1:port`). */
export function jsonClient(base: string): JsonClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let token = '';
  const call: JsonClient['call'] = (method, url, body) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      if (payload) headers['content-type'] = 'application/json';
      const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  };
  const expectStatus: JsonClient['expectStatus'] = async (method, url, status, body) => {
    const answer = await call(method, url, body);
    if (answer.status !== status) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return answer.body;
  };
  return {
    call,
    expectStatus,
    async signIn(credentials) {
      token = (JSON.parse(await expectStatus('POST', '/auth/login/', 200, credentials)) as { access: string }).access;
    },
    close: () => agent.destroy(),
  };
}
