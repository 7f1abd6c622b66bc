/**
 * Prints the server's module graph (text, or Mermaid with `--mermaid`); with `--write` it replaces
 * the generated block of the "Server module graph" section in docs/ARCHITECTURE.md.
 *   npx tsx scripts/print-module-graph.ts [--mermaid | --write]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { architectureBlock, renderMermaid, renderText, replaceArchitectureBlock, serverModuleGraph } from './module-graph';

const graph = serverModuleGraph(new URL('../server/src', import.meta.url).pathname);
const doc = new URL('../docs/ARCHITECTURE.md', import.meta.url);

if (process.argv.includes('--write')) {
  writeFileSync(doc, replaceArchitectureBlock(readFileSync(doc, 'utf8'), architectureBlock(graph)));
  console.log('Wrote the module graph into docs/ARCHITECTURE.md');
} else {
  console.log(process.argv.includes('--mermaid') ? renderMermaid(graph) : renderText(graph));
}
