/**
 * Comments name the rule they implement in words. A comment that points to a numbered section of
 * a document (the word and a number, or the section sign) sends the reader to a text that is not in the repository; it says "the error
 * catalogue", "the fine rules", "the default loan period" instead. This test reads every comment
 * (line, block and JSDoc comments, JSX block comments, Astro's HTML comments) of the source, test,
 * script and bench files and fails on one that cites a section number. Strings are not comments:
 * a report's "section" in a string or a name is not a citation.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const FOLDERS = ['src', 'server/src', 'tests', 'scripts', 'bench'];

/** The word "section" (or "sections") and a number, or the section sign and a number: a numbered part of some document. */
const CITES_SECTION = /\bsections?\s+\d|§\s*\d/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|astro)$/.test(name) ? [full] : [];
  });
}

/** A comment and the line (1-based) it starts on. */
export interface Comment {
  line: number;
  text: string;
}

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** Every comment of TypeScript or JavaScript code (JSX included), found through the syntax tree so strings and JSX text never count. */
function scriptComments(code: string, fileName: string, offset = 0, whole = code): Comment[] {
  const kind = /\.(tsx|astro)$/.test(fileName) ? ts.ScriptKind.TSX : /\.m?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, Comment>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (!seen.has(range.pos)) seen.set(range.pos, { line: lineAt(whole, offset + range.pos), text: code.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      add(ts.getLeadingCommentRanges(code, node.pos));
      add(ts.getTrailingCommentRanges(code, node.end));
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...seen.values()];
}

/** An Astro file's comments: its frontmatter and scripts as code, HTML comments and JSX block comments in its markup. */
function astroComments(text: string, fileName: string): Comment[] {
  const comments: Comment[] = [];
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const code: { start: number; end: number }[] = [];
  if (front) {
    comments.push(...scriptComments(front[1]!, fileName, front.index + 4, text));
    code.push({ start: front.index, end: front.index + front[0].length });
  }
  for (const script of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    const start = script.index! + script[0].indexOf('>') + 1;
    comments.push(...scriptComments(script[1]!, fileName, start, text));
    code.push({ start: script.index!, end: script.index! + script[0].length });
  }
  const inCode = (at: number) => code.some((part) => at >= part.start && at < part.end);
  for (const markup of text.matchAll(/<!--[\s\S]*?-->|\/\*[\s\S]*?\*\//g)) {
    if (!inCode(markup.index!)) comments.push({ line: lineAt(text, markup.index!), text: markup[0] });
  }
  return comments;
}

/** The comments of a file that cite a numbered section of a document. */
export function sectionCitations(text: string, fileName: string): Comment[] {
  if (!CITES_SECTION.test(text)) return [];
  const comments = fileName.endsWith('.astro') ? astroComments(text, fileName) : scriptComments(text, fileName);
  return comments.filter((comment) => CITES_SECTION.test(comment.text));
}

describe('comments name their rule', () => {
  test('no source comment cites a section number of a document', () => {
    const offenders = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder))).flatMap((file) =>
      sectionCitations(readFileSync(file, 'utf8'), file).map((comment) => `${relative(root, file)}:${comment.line} ${comment.text.split('\n').find((line) => CITES_SECTION.test(line))!.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  test.each([
    ['a line comment', 'const a = 1; // see section 8\n', 'x.ts', [1]],
    ['a JSDoc block', 'const a = 1;\n/**\n * The fine rules of Section 5.\n */\nexport const b = 2;\n', 'x.ts', [2]],
    ['the section sign', '/* §5 */ const a = 1;\n', 'x.ts', [1]],
    ['plural sections', 'const a = 1;\n// sections 7 and 9\n', 'x.mjs', [2]],
    ['a JSX comment', 'export const A = () => (\n  <div>\n    {/* section 2: the top bar */}\n  </div>\n);\n', 'x.tsx', [3]],
    ['an Astro frontmatter comment', '---\n// section 2 page\nconst a = 1;\n---\n<p>Hi</p>\n', 'x.astro', [2]],
    ['an Astro markup comment', '---\nconst a = 1;\n---\n<main>\n<!-- section 4 -->\n</main>\n', 'x.astro', [5]],
    ['an Astro script comment', '<p>Hi</p>\n<script>\n  // §9: 768 px\n</script>\n', 'x.astro', [3]],
  ] as const)('the check finds %s citing a section', (_what, text, fileName, lines) => {
    expect(sectionCitations(text, fileName).map((comment) => comment.line)).toEqual(lines);
  });

  test.each([
    ['a comment naming the rule', '// The error catalogue: book calls read the first field\'s error.\n', 'x.ts'],
    ['a string that says section', "const title = 'Section 2 of the report';\n", 'x.ts'],
    ['a test title', "test('shows section 2 first', () => {});\n", 'x.ts'],
    ['JSX text', "export const A = () => <p>Read section 3 below // not code</p>;\n", 'x.tsx'],
    ['a template literal', 'const a = `section ${n} of 9`;\n', 'x.ts'],
    ['Astro markup text', '---\nconst a = 1;\n---\n<p>section 1</p>\n', 'x.astro'],
  ] as const)('the check leaves %s alone', (_what, text, fileName) => {
    expect(sectionCitations(text, fileName)).toEqual([]);
  });
});
