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
