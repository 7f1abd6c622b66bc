/**
 * The server's module graph, computed from the imports: a module is a folder under
 * `server/src/modules/`; an edge A → B means some file of A imports a file of B. Imports into the
 * rest of `server/src` (db, http, lib, errors, context) and into the shared rules (`#shared/`) are plumbing, not
 * module edges. `mail/` and `storage/` sit beside the modules: they become nodes of the graph
 * only when they import a module back, since only then can they close a cycle.
 *
 * The graph functions are pure (nodes and edges in, nodes and edges out); `readServerImports`
 * is the only one that reads files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One import statement: the importing file and the file it lands in (paths relative to `server/src`). */
export interface ImportLink {
  from: string;
  to: string;
}

/** The folders beside `modules/` that may take part in a cycle if they import a module. */
export const SIDE_FOLDERS = ['mail', 'storage'] as const;

/** An edge between two nodes and the files of its source that make it. */
export interface ModuleEdge {
  from: string;
  to: string;
  files: string[];
}

export interface ModuleGraph {
  nodes: string[];
  edges: ModuleEdge[];
}

/** `modules/circulation/service.ts` → `circulation`; `mail/mailer.ts` → `mail`; anything else → null. */
export function nodeOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return parts[1]!;
  if ((SIDE_FOLDERS as readonly string[]).includes(parts[0]!) && parts.length > 1) return parts[0]!;
  return null;
}

/** `circulation → notices`, the key an edge is known by. */
export const edgeKey = (from: string, to: string): string => `${from} → ${to}`;

/**
 * Builds the graph from import links: every module named in `modules` is a node; an edge joins
 * two different nodes; a side folder stays in the graph only if it imports a module.
 */
export function buildGraph(modules: readonly string[], links: readonly ImportLink[]): ModuleGraph {
  const byKey = new Map<string, ModuleEdge>();
  for (const { from, to } of links) {
    const a = nodeOf(from);
    const b = nodeOf(to);
    if (!a || !b || a === b) continue;
    const key = edgeKey(a, b);
    const edge = byKey.get(key) ?? { from: a, to: b, files: [] };
    const file = from.replace(/^modules\//, '');
    if (!edge.files.includes(file)) edge.files.push(file);
    byKey.set(key, edge);
  }
  const sides = SIDE_FOLDERS.filter((side) => [...byKey.values()].some((edge) => edge.from === side));
  const nodes = [...modules, ...sides].sort();
  const edges = [...byKey.values()]
    .filter((edge) => nodes.includes(edge.from) && nodes.includes(edge.to))
    .map((edge) => ({ ...edge, files: [...edge.files].sort() }))
    .sort((x, y) => edgeKey(x.from, x.to).localeCompare(edgeKey(y.from, y.to)));
  return { nodes, edges };
}

/** Strongly connected components (Tarjan), each sorted; only those with more than one node. */
export function knots(graph: ModuleGraph): string[][] {
  const next = new Map(graph.nodes.map((node) => [node, [] as string[]]));
  for (const { from, to } of graph.edges) next.get(from)?.push(to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.nodes) if (!index.has(node)) visit(node);
  return found.sort((x, y) => x[0]!.localeCompare(y[0]!));
}

/** The edges whose two ends lie in the same knot: removing all of them leaves the graph acyclic. */
export function cycleEdges(graph: ModuleGraph): ModuleEdge[] {
  const knotOf = new Map<string, number>();
  knots(graph).forEach((knot, i) => knot.forEach((node) => knotOf.set(node, i)));
  return graph.edges.filter((edge) => knotOf.has(edge.from) && knotOf.get(edge.from) === knotOf.get(edge.to));
}

/** The graph as a Mermaid flowchart; edges inside a knot are drawn thick. */
export function renderMermaid(graph: ModuleGraph): string {
  const inKnot = new Set(cycleEdges(graph).map((edge) => edgeKey(edge.from, edge.to)));
  const id = (node: string): string => node.replace(/[^a-z0-9]/gi, '_');
  const lines = ['flowchart LR'];
  for (const node of graph.nodes) lines.push(`  ${id(node)}[${node}]`);
  for (const edge of graph.edges) lines.push(`  ${id(edge.from)} ${inKnot.has(edgeKey(edge.from, edge.to)) ? '==>' : '-->'} ${id(edge.to)}`);
  return lines.join('\n');
}

/** The graph as text: each node with the nodes it imports, then every knot and its edges with their files. */
export function renderText(graph: ModuleGraph): string {
  const lines = graph.nodes.map((node) => {
    const targets = graph.edges.filter((edge) => edge.from === node).map((edge) => edge.to);
    return `${node} → ${targets.length ? targets.join(', ') : '(no module)'}`;
  });
  const found = knots(graph);
  lines.push('', found.length ? `Cycles: ${found.length} knot(s)` : 'Cycles: none');
  const inside = cycleEdges(graph);
  for (const knot of found) {
    lines.push(`  knot: ${knot.join(', ')}`);
    for (const edge of inside.filter((e) => knot.includes(e.from))) lines.push(`    ${edgeKey(edge.from, edge.to)}  (${edge.files.join(', ')})`);
  }
  return lines.join('\n');
}

const IMPORT = /(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return tsFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** The module names and the relative imports of every `.ts` file under `modules/` and the side folders. */
export function readServerImports(serverSrc: string): { modules: string[]; links: ImportLink[] } {
  const modulesDir = join(serverSrc, 'modules');
  const modules = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
  const files = [modulesDir, ...SIDE_FOLDERS.map((side) => join(serverSrc, side))].flatMap((dir) => tsFiles(dir));
  const links = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => (m[1] ?? m[2])!)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ from: relative(serverSrc, file), to: relative(serverSrc, resolve(dirname(file), spec)) })),
  );
  return { modules, links };
}

/** The server's module graph as the files say today. */
export function serverModuleGraph(serverSrc: string): ModuleGraph {
  const { modules, links } = readServerImports(serverSrc);
  return buildGraph(modules, links);
}

/** The markers around the generated part of the "Server module graph" section of docs/ARCHITECTURE.md. */
export const DOC_MARKERS = ['<!-- module-graph:start (npx tsx scripts/print-module-graph.ts --write) -->', '<!-- module-graph:end -->'] as const;

/** What docs/ARCHITECTURE.md shows between its markers: the Mermaid diagram and the cycles with their files. */
export function architectureBlock(graph: ModuleGraph): string {
  const found = knots(graph);
  const inside = cycleEdges(graph);
  const lines = ['```mermaid', renderMermaid(graph), '```', ''];
  if (!found.length) {
    lines.push('No cycle between modules.');
  } else {
    lines.push(`Cycles today (thick arrows): ${found.map((knot) => knot.join(', ')).join('; ')} import each other through these ${inside.length} edges:`, '');
    for (const edge of inside) lines.push(`- ${edge.from} → ${edge.to}: ${edge.files.map((file) => `\`${file}\``).join(', ')}`);
  }
  return lines.join('\n');
}

/** `doc` with the text between the markers replaced by `block`; throws when the markers are missing. */
export function replaceArchitectureBlock(doc: string, block: string): string {
  const [start, end] = DOC_MARKERS;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/ARCHITECTURE.md lacks the markers ${start} … ${end}`);
  return `${doc.slice(0, from + start.length)}\n${block}\n${doc.slice(to)}`;
}
