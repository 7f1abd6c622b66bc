/**
 * The server's modules must not import each other in a circle: dependencies point one way (a hook
 * or an interface the other module implements, as circulation's copy events, the scheduler's job
 * registry and members' departures do), and a test fails naming the imports that close a cycle.
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
  test('sees every module, and the dependencies that were two-way now point one way', () => {
    expect(graph.nodes).toEqual(expect.arrayContaining(['auth', 'circulation', 'notices', 'reservations', 'books', 'settings', 'accounts']));
    const keys = graph.edges.map((edge) => edgeKey(edge.from, edge.to));
    expect(keys).toEqual(expect.arrayContaining(['circulation → notices', 'reservations → circulation', 'auth → users', 'users → roles', 'members → users']));
    for (const back of ['notices → circulation', 'notices → reservations', 'circulation → reservations', 'users → auth', 'users → members', 'roles → users']) expect(keys).not.toContain(back);
  });

  test('has no cycle between modules', () => {
    const closing = cycleEdges(graph).map((edge) => `${edgeKey(edge.from, edge.to)} (${edge.files.join(', ')})`);
    expect(closing, 'these imports close a cycle between modules: point the dependency one way (a hook or an interface) instead').toEqual([]);
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
