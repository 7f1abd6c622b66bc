/**
 * The Audit Trail's list of actions is the one the server writes from: every action written under
 * server/src (read from the source: `action: '…'`, `action = '…'`, an import's `audit: { action }`,
 * a `*_ACTION` constant, a reference kind's changes) is in `AUDIT_ACTIONS` with its words. A blocked
 * action (`BlockedAction`: issue or renew) is not an audit action; a return's `auditAction` option
 * is one of two literals written beside it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { AUDIT_ACTIONS, auditActionWords, REFERENCE_CHANGES, referenceAction } from '#shared/audit-actions';

const serverSource = new URL('../../../server/src/', import.meta.url).pathname;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : filesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The quoted strings of every line that gives an audit entry its action. */
function actionsWrittenBy(text: string): { literals: string[]; unread: string[] } {
  const literals: string[] = [];
  const unread: string[] = [];
  for (const line of text.split('\n')) {
    const assigned =
      /(?<![.\w])action\b\s*[:=](?!=)\s*(.*)$/.exec(line) ?? /\b[A-Z_]*_ACTION\b\s*=\s*(.*)$/.exec(line) ?? /\bauditNewAccount\([^,]+,[^,]+,\s*('[^']*')/.exec(line);
    if (!assigned) continue;
    const value = assigned[1]!.split(/[,;}]\s*(?:\w+\s*:|$)/)[0]!;
    const quoted = [...value.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
    if (quoted.length > 0) literals.push(...quoted.filter((word) => /^([A-Z]+(_[A-Z]+)+|[a-z]+\.[a-z_]+)$/.test(word)));
    else if (!/^(entry\.action|string\b|AuditAction\b|BlockedAction\b|auditAction\b|SIGNED_IN_ACTION|referenceAction\()/.test(value.trim())) unread.push(line.trim());
  }
  return { literals, unread };
}

const written = filesUnder(serverSource).map((path) => ({ path: path.slice(serverSource.length), ...actionsWrittenBy(readFileSync(path, 'utf8')) }));

describe('the list of audit actions', () => {
  test('holds every action the server writes', () => {
    const missing = written.flatMap(({ path, literals }) => literals.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action)).map((action) => `${path}: ${action}`));
    expect(missing).toEqual([]);
  });

  test('reads every action the server writes (a new way of naming one must be taught here)', () => {
    expect(written.flatMap(({ path, unread }) => unread.map((line) => `${path}: ${line}`))).toEqual([]);
    expect(written.flatMap(({ literals }) => literals).length).toBeGreaterThan(40);
  });

  test('names every action one way: UPPER_SNAKE, the thing then what became of it', () => {
    expect(AUDIT_ACTIONS.filter((action) => !/^[A-Z]+(_[A-Z]+)+$/.test(action))).toEqual([]);
    const written = filesUnder(serverSource).flatMap((path) => actionsWrittenBy(readFileSync(path, 'utf8')).literals);
    expect(written).toContain('ACCOUNT_REGISTERED');
    expect(written).toContain('MANAGER_REGISTERED');
  });

  test('gives every action its words, and each action once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(auditActionWords(action)).toMatch(/^[A-Z][a-z ]/);
  });

  test.each([
    ['department', 'CREATED', 'DEPARTMENT_CREATED'],
    ['session', 'DELETED', 'SESSION_DELETED'],
    ['category', 'UPDATED', 'CATEGORY_UPDATED'],
  ] as const)('names a %s %s as %s', (kind, change, action) => {
    expect(referenceAction(kind, change)).toBe(action);
    expect(AUDIT_ACTIONS).toContain(action);
  });

  test('lists each reference change', () => {
    expect(REFERENCE_CHANGES).toEqual(['CREATED', 'UPDATED', 'DELETED']);
  });

  test.each([
    ['USER_SIGNED_IN', 'Signed in'],
    ['ACCOUNT_REGISTERED', 'Registered an account'],
    ['SOMETHING_NEW', 'SOMETHING_NEW'],
  ])('shows %s as “%s”', (action, words) => {
    expect(auditActionWords(action)).toBe(words);
  });
});
