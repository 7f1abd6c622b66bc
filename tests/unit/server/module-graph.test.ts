/**
 * The server's modules must not import each other in a circle. Today eight of them form one knot
 * (auth, users, roles, members, circulation, notices, reservations, fines); the edges inside it are
 * listed below with the files that make them, and the list may only shrink: a new edge that closes
 * a cycle fails, an edge that no longer closes one must be deleted from the list, and the last test
 * flips from "fails" to "passes" once the knot is untied (then turn `test.fails` into `test`).
 * The graph is drawn in docs/ARCHITECTURE.md ("Server module graph"); refresh it with
 * `npx tsx scripts/print-module-graph.ts --write`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  architectureBlock,
  buildGraph,
  cycleEdges,
  DOC_MARKERS,
  edgeKey,
  knots,
  serverModuleGraph,
  type ImportLink,
} from '../../../scripts/module-graph';

const root = new URL('../../../', import.meta.url).pathname;
const graph = serverModuleGraph(`${root}server/src`);

/**
 * The module → module edges inside today's knot and the files (under server/src/modules/) that
 * make each one. Delete a line when its edge is gone; never add one: point the dependency one way
 * (a hook or an interface the other module implements) instead.
 */
const KNOWN_CYCLE_EDGES: Readonly<Record<string, readonly string[]>> = {
  'auth → roles': ['auth/access.ts', 'auth/routes.ts', 'auth/service.ts'],
  'auth → users': ['auth/access.ts', 'auth/accounts.ts', 'auth/schemas.ts', 'auth/service.ts'],
  'circulation → fines': ['circulation/queries.ts', 'circulation/service.ts'],
  'circulation → members': ['circulation/queries.ts', 'circulation/renewals.ts', 'circulation/service.ts'],
  'circulation → notices': ['circulation/service.ts'],
  'circulation → reservations': ['circulation/service.ts'],
  'fines → notices': ['fines/service.ts'],
  'members → auth': ['members/bulk.ts', 'members/register.ts', 'members/schemas.ts', 'members/service.ts'],
  'members → notices': ['members/service.ts'],
  'members → users': ['members/bulk.ts', 'members/register.ts', 'members/schemas.ts'],
  'notices → circulation': ['notices/jobs.ts'],
  'notices → reservations': ['notices/jobs.ts'],
  'reservations → circulation': ['reservations/schemas.ts', 'reservations/service.ts'],
  'reservations → members': ['reservations/service.ts'],
  'reservations → notices': ['reservations/holds.ts', 'reservations/service.ts'],
  'roles → users': ['roles/routes.ts', 'roles/schemas.ts'],
  'users → auth': ['users/account-changes.ts', 'users/profile-routes.ts', 'users/profiles.ts', 'users/service.ts'],
  'users → members': ['users/member-edits.ts', 'users/profiles.ts'],
  'users → roles': ['users/profiles.ts', 'users/service.ts'],
};

/** `a/x.ts imports b/y.ts` written short: a link from modules/a/x.ts to modules/b/y.ts. */
const links = (...pairs: string[]): ImportLink[] =>
  pairs.map((pair) => {
    const [from, to] = pair.split(' → ') as [string, string];
    const place = (path: string): string => (/^(mail|storage|db|http|lib)\//.test(path) ? path : `modules/${path}`);
    return { from: place(from), to: place(to) };
  });

describe('the cycle finder', () => {
  test.each([
    { title: 'a chain has no knot', modules: ['a', 'b', 'c'], imports: links('a/s.ts → b/s.ts', 'b/s.ts → c/s.ts'), expected: [] },
    { title: 'imports inside one module are no edge', modules: ['a'], imports: links('a/s.ts → a/q.ts', 'a/q.ts → a/s.ts'), expected: [] },
    { title: 'plumbing outside the modules is no edge', modules: ['a', 'b'], imports: links('a/s.ts → db/x.ts', 'b/s.ts → lib/y.ts', 'a/s.ts → b/s.ts'), expected: [] },
    { title: 'two modules importing each other are a knot', modules: ['a', 'b'], imports: links('a/s.ts → b/q.ts', 'b/s.ts → a/s.ts'), expected: [['a', 'b']] },
    {
      title: 'a longer circle with a tail is one knot without the tail',
      modules: ['a', 'b', 'c', 'd'],
      imports: links('a/s.ts → b/s.ts', 'b/s.ts → c/s.ts', 'c/s.ts → a/s.ts', 'd/s.ts → a/s.ts'),
      expected: [['a', 'b', 'c']],
    },
    {
      title: 'two separate circles are two knots',
      modules: ['a', 'b', 'c', 'd'],
      imports: links('a/s.ts → b/s.ts', 'b/s.ts → a/s.ts', 'c/s.ts → d/s.ts', 'd/s.ts → c/s.ts', 'b/s.ts → c/s.ts'),
      expected: [['a', 'b'], ['c', 'd']],
    },
    { title: 'mail imported by modules is no node while it imports none', modules: ['a'], imports: links('a/s.ts → mail/mailer.ts'), expected: [] },
    { title: 'mail that imports a module back closes a circle', modules: ['a'], imports: links('a/s.ts → mail/mailer.ts', 'mail/mailer.ts → a/q.ts'), expected: [['a', 'mail']] },
    { title: 'storage that imports a module back closes a circle', modules: ['a', 'b'], imports: links('a/s.ts → storage/service.ts', 'storage/service.ts → b/s.ts', 'b/s.ts → a/s.ts'), expected: [['a', 'b', 'storage']] },
  ])('$title', ({ modules, imports, expected }) => {
    expect(knots(buildGraph(modules, imports))).toEqual(expected);
  });

  test('names the edges inside a knot with the files that make them, and leaves the tail out', () => {
    const built = buildGraph(['a', 'b', 'c'], links('a/s.ts → b/s.ts', 'a/q.ts → b/x.ts', 'b/s.ts → a/s.ts', 'c/s.ts → a/s.ts'));
    expect(cycleEdges(built)).toEqual([
      { from: 'a', to: 'b', files: ['a/q.ts', 'a/s.ts'] },
      { from: 'b', to: 'a', files: ['b/s.ts'] },
    ]);
  });
});

describe('server module graph', () => {
  const actual = new Map(cycleEdges(graph).map((edge) => [edgeKey(edge.from, edge.to), edge.files]));

  test('sees every module and the edges the issue names', () => {
    expect(graph.nodes).toEqual(expect.arrayContaining(['auth', 'circulation', 'notices', 'reservations', 'books', 'settings']));
    expect(graph.edges.map((edge) => edgeKey(edge.from, edge.to))).toEqual(expect.arrayContaining(['circulation → notices', 'notices → circulation', 'reservations → circulation']));
  });

  test('no import between modules closes a cycle beyond the known knot', () => {
    const added = [...actual].filter(([key]) => !(key in KNOWN_CYCLE_EDGES)).map(([key, files]) => `${key} (${files.join(', ')})`);
    expect(added, 'these imports close a cycle between modules: point the dependency one way (a hook or an interface) instead').toEqual([]);
  });

  test('every listed known cycle edge still closes a cycle (delete the lines that do not)', () => {
    const gone = Object.keys(KNOWN_CYCLE_EDGES).filter((key) => !actual.has(key));
    expect(gone, 'delete these lines from KNOWN_CYCLE_EDGES: the cycle they made is gone').toEqual([]);
  });

  test('each known cycle edge is made by exactly the files listed (no new file deepens the knot)', () => {
    const listed = Object.fromEntries(Object.entries(KNOWN_CYCLE_EDGES).filter(([key]) => actual.has(key)));
    const today = Object.fromEntries([...actual].filter(([key]) => key in KNOWN_CYCLE_EDGES));
    expect(today, 'a file left the list: delete it from KNOWN_CYCLE_EDGES; a file joined: import one way instead').toEqual(listed);
  });

  // TODO(issue 22, "Server modules that stand on their own"): when the last line of KNOWN_CYCLE_EDGES
  // is deleted this test passes, vitest reports the `.fails` as an error: turn it into `test`.
  test.fails('has no cycle between modules', () => {
    expect(knots(graph)).toEqual([]);
  });

  test('docs/ARCHITECTURE.md shows the graph as the imports are today', () => {
    const doc = readFileSync(`${root}docs/ARCHITECTURE.md`, 'utf8');
    const [start, end] = DOC_MARKERS;
    expect(doc, 'the "Server module graph" section keeps its generated block between these markers').toContain(start);
    expect(doc).toContain(end);
    const shown = doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end)).trim();
    expect(shown, 'refresh it with: npx tsx scripts/print-module-graph.ts --write').toBe(architectureBlock(graph));
  });
});
