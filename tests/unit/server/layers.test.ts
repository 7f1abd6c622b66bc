/**
 * The server's layers: the HTTP plumbing (guard, validation, forms) depends on no domain module,
 * the signed-in user's type lives in the request context, and no module file grows past 400 lines.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

/** The modules whose layering issue 7 §2 settled here (books, notifications and reports have their own). */
const ACCOUNT_MODULES = ['auth', 'users', 'roles', 'settings', 'reference'];

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

  test('account modules take the user type from the context, not from each other', () => {
    const offenders = ACCOUNT_MODULES.flatMap((name) =>
      sources(join(server, 'modules', name)).filter((file) =>
        /import type \{[^}]*\bAuthUser\b[^}]*\} from '(?!\.\.\/\.\.\/context\.js)/.test(readFileSync(file, 'utf8')),
      ),
    );
    expect(offenders.map((file) => relative(root, file))).toEqual([]);
  });

  // routes.ts reads the request, schemas.ts turns a body into typed input, services take that input.
  test('services of the account modules never see a request, a form reader or a form body', () => {
    // users' profile updates (profiles.ts, account-changes.ts) still read their multipart form themselves.
    const offenders = ['auth', 'roles', 'settings', 'reference'].flatMap((name) =>
      sources(join(server, 'modules', name))
        .filter((file) => !/\/(routes|schemas)\.ts$/.test(file))
        .flatMap((file) =>
          importsOf(file)
            .filter((spec) => spec === 'fastify' || /http\/(form|multipart|guard)\.js$/.test(spec))
            .map((spec) => `${relative(root, file)} → ${spec}`),
        ),
    );
    expect(offenders).toEqual([]);
  });

  test('no file of the account modules or the HTTP plumbing is over 400 lines', () => {
    const files = [...ACCOUNT_MODULES.flatMap((name) => sources(join(server, 'modules', name))), ...sources(join(server, 'http'))];
    const long = files
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});
