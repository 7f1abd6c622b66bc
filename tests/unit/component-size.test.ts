/**
 * The small-components rule: no React component is over 150 lines. A component is a function
 * declaration, or a `const` bound to an arrow function or function expression (also wrapped in
 * `memo(...)` or `forwardRef(...)`), whose name starts with a capital letter, in any `.tsx` file
 * under `src/`; its length runs from its first line to the end of its body. A big component holds
 * its flow in a hook or a pure module and its parts in smaller components.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const MAX_LINES = 150;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return tsxFiles(full);
    return name.endsWith('.tsx') ? [full] : [];
  });
}

/** A component's name and how many lines it spans. */
export interface ComponentSize {
  name: string;
  lines: number;
}

const isComponentName = (name: string): boolean => /^[A-Z]/.test(name);

/** The function a `const` is bound to: itself, or the first argument of a wrapper such as `memo(...)`. */
function functionOf(node: ts.Expression | undefined): ts.Node | null {
  if (!node) return null;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return functionOf(node.expression);
  if (ts.isCallExpression(node)) return node.arguments.length > 0 ? functionOf(node.arguments[0]) : null;
  return null;
}

/** Every component of one source text with its length in lines (nested ones too). */
export function componentSizes(source: string, fileName = 'component.tsx'): ComponentSize[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ComponentSize[] = [];
  const linesOf = (from: ts.Node, to: ts.Node): number =>
    file.getLineAndCharacterOfPosition(to.getEnd()).line - file.getLineAndCharacterOfPosition(from.getStart(file)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body && isComponentName(node.name.text)) {
      found.push({ name: node.name.text, lines: linesOf(node, node.body) });
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isComponentName(node.name.text)) {
      const fn = functionOf(node.initializer);
      if (fn) found.push({ name: node.name.text, lines: linesOf(node, fn) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('component size', () => {
  test('the counter measures a long component from its first line to the end of its body', () => {
    const body = Array.from({ length: 198 }, (_, i) => `  const line${i} = ${i};`).join('\n');
    const source = [
      `export function LongPanel() {`,
      body,
      `}`,
      `const Short = ({ a }: { a: number }) => <b>{a}</b>;`,
      `const Wrapped = memo(function Inner() {`,
      `  return null;`,
      `});`,
      `function helper() {`,
      `  return 1;`,
      `}`,
    ].join('\n');
    expect(componentSizes(source)).toEqual([
      { name: 'LongPanel', lines: 200 },
      { name: 'Short', lines: 1 },
      { name: 'Wrapped', lines: 3 },
    ]);
  });

  test(`no React component in src is over ${MAX_LINES} lines`, () => {
    const offenders = tsxFiles(join(root, 'src'))
      .map((file) => relative(root, file))
      .flatMap((file) =>
        componentSizes(readFileSync(join(root, file), 'utf8'), file)
          .filter(({ lines }) => lines > MAX_LINES)
          .map(({ name, lines }) => `${file}:${name}:${lines}`),
      );
    expect(offenders).toEqual([]);
  });
});
