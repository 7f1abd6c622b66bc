/**
 * Tests that can fail. A browser test that writes a screenshot also states what the picture shows
 * (its theme, its layout, its words): a picture nobody compares proves nothing, so a test whose
 * body calls `screenshot(` must also call `expect`. And no test under tests/ keeps a snapshot
 * (`toMatchSnapshot`, `toMatchInlineSnapshot`, `toMatchFileSnapshot`): `vitest -u` rewrites those
 * silently, so what a test expects is written in the test, by hand.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { sourceFiles } from '../support/source-files';

const root = new URL('../../', import.meta.url).pathname;
const specs = sourceFiles(join(root, 'tests/e2e')).filter((file) => file.endsWith('.spec.ts'));

/** A browser test as written: its file, its title as spelled in the source, and its body. */
interface BrowserTest {
  file: string;
  title: string;
  body: ts.Node;
}

/** `test(...)`, `test.only(...)`, `test.skip(title, fn)`…: the calls that declare a test with a body. */
const TEST_CALL = /^test(\.(only|skip|fixme|fail|slow))?$/;

/** Every `test(title, body)` of a spec file, wherever it sits (describe blocks, loops over themes). */
function testsOf(file: string): BrowserTest[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: BrowserTest[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && TEST_CALL.test(node.expression.getText(source)) && node.arguments.length >= 2) {
      const body = node.arguments[node.arguments.length - 1]!;
      if (ts.isArrowFunction(body) || ts.isFunctionExpression(body)) {
        found.push({ file: relative(root, file), title: node.arguments[0]!.getText(source), body });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether the body calls something the predicate names (comments and strings do not count). */
function calls(body: ts.Node, named: (callee: ts.Expression) => boolean): boolean {
  let seen = false;
  const visit = (node: ts.Node): void => {
    if (seen) return;
    if (ts.isCallExpression(node) && named(node.expression)) seen = true;
    else ts.forEachChild(node, visit);
  };
  visit(body);
  return seen;
}

/** `x.screenshot(...)` on a page or a locator. */
const isScreenshot = (callee: ts.Expression): boolean => ts.isPropertyAccessExpression(callee) && callee.name.text === 'screenshot';

/** `expect(...)`, `expect.poll(...)`, `expect.soft(...)`. */
const isExpect = (callee: ts.Expression): boolean =>
  (ts.isIdentifier(callee) && callee.text === 'expect') ||
  (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'expect');

/** Every browser test, parsed once. */
const browserTests = specs.flatMap(testsOf);

/** A call of a snapshot matcher. */
const SNAPSHOT_MATCHER = /\.toMatch(Inline|File)?Snapshot\s*\(/;

describe('browser tests assert what their screenshots show', () => {
  test('every browser test that writes a screenshot also calls expect', () => {
    const silent = browserTests.filter(({ body }) => calls(body, isScreenshot) && !calls(body, isExpect));
    expect(silent.map(({ file, title }) => `${file}: ${title}`)).toEqual([]);
  });

  test('the guard sees the screenshot tests it protects', () => {
    const shooting = browserTests.filter(({ body }) => calls(body, isScreenshot));
    expect(shooting.length).toBeGreaterThanOrEqual(13);
    expect(shooting.map(({ file }) => file)).toEqual(expect.arrayContaining(['tests/e2e/wishlist.spec.ts', 'tests/e2e/reports.spec.ts']));
  });
});

describe('no test keeps a snapshot that `vitest -u` would rewrite', () => {
  test('no file under tests/ calls a snapshot matcher', () => {
    const offenders = sourceFiles(join(root, 'tests'))
      .map((file) => relative(root, file))
      .filter((file) => SNAPSHOT_MATCHER.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
