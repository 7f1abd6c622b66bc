/**
 * The server's layers: the HTTP plumbing (guard, validation, forms) depends on no domain module,
 * the signed-in user's type lives in the request context, every module has the routes → schemas →
 * service shape with services that never see HTTP, and no source file (site or server) grows past
 * 400 lines.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;
const server = join(root, 'server/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!);

const modules = readdirSync(join(server, 'modules')).filter((name) => statSync(join(server, 'modules', name)).isDirectory());

/**
 * Shared by the domain modules, without HTTP of their own: the account primitives (passwords,
 * one-time tokens, JWTs, session revocation), the audit trail and the streamed CSV import core.
 * Every other module (and storage) has routes.ts, schemas.ts and service.ts.
 */
const SHARED_MODULES = ['accounts', 'audit', 'imports'];

/** Module folders with the routes → schemas → service shape. */
const DOMAIN_FOLDERS = [...modules.filter((name) => !SHARED_MODULES.includes(name)).map((name) => join(server, 'modules', name)), join(server, 'storage')];

/** Files that read the request: the routes and the schemas that turn it into typed input. */
const HTTP_FACING = /\/(routes|profile-routes|schemas)\.ts$/;

/** Site and server sources (`.ts`, `.tsx`). */
function allSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return allSources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Lines as `wc -l` counts them (a last line without a newline still counts). */
const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('server layers', () => {
  test('server/src/http imports no domain module', () => {
    const offenders = sources(join(server, 'http')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.includes('/modules/'))
        .map((spec) => `${relative(root, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  test('the signed-in user type is declared once, in the request context', () => {
    const declaring = sources(server).filter((file) => /\binterface AuthUser\b|\btype AuthUser\s*=/.test(readFileSync(file, 'utf8')));
    expect(declaring.map((file) => relative(root, file))).toEqual(['server/src/context.ts']);
  });

  test('every module takes the user type from the context: none imports or re-exports it from another module', () => {
    const offenders = sources(server).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)]
        .filter(([, keyword, names, spec]) => /\bAuthUser\b/.test(names!) && (keyword === 'export' || !/(^|\/)context\.js$/.test(spec!)))
        .map(([statement]) => `${relative(root, file)}: ${statement!.replace(/\s+/g, ' ')}`),
    );
    expect(offenders).toEqual([]);
  });

  // routes.ts reads the request, schemas.ts turns a body into typed input, services take that input.
  test('no service of any module sees a request, a body reader or a form body', () => {
    const files = [...DOMAIN_FOLDERS, ...SHARED_MODULES.map((name) => join(server, 'modules', name))].flatMap((dir) => sources(dir)).filter((file) => !HTTP_FACING.test(file));
    const offenders = files.flatMap((file) => [
      ...importsOf(file)
        .filter((spec) => spec === 'fastify' || /http\/(fields|multipart|guard)\.js$/.test(spec))
        .map((spec) => `${relative(root, file)} → ${spec}`),
      ...[...readFileSync(file, 'utf8').matchAll(/\b(readFields|parseBody|FormBody|FastifyRequest)\b/g)].map((m) => `${relative(root, file)} names ${m[1]}`),
    ]);
    expect(offenders).toEqual([]);
  });

  test('every domain module and storage has routes.ts, schemas.ts and service.ts', () => {
    const missing = DOMAIN_FOLDERS.flatMap((dir) =>
      ['routes.ts', 'schemas.ts', 'service.ts'].filter((name) => !existsSync(join(dir, name))).map((name) => `${relative(root, dir)}/${name}`),
    );
    expect(missing).toEqual([]);
  });

  test('no .ts or .tsx file under src/ or server/src/ is over 400 lines', () => {
    const long = [...allSources(join(root, 'src')), ...allSources(server)]
      .map((file) => ({ file: relative(root, file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});
