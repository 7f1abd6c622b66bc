/**
 * What the advisory check reads, as plain rules (scripts/advisories.ts runs them): the findings of
 * `npm audit --json` that fail the check (high and critical), the production packages of
 * `npm ls --omit=dev --all --json`, and which registry deprecation notices are security notices.
 */

/** The severities that fail the check. */
export const FAILING_SEVERITIES = ['high', 'critical'] as const;

export interface Finding {
  name: string;
  severity: string;
  /** What the advisory says (its title), or the package it comes through. */
  what: string;
}

interface AuditVulnerability {
  name?: string;
  severity?: string;
  via?: (string | { title?: string; url?: string; severity?: string })[];
}

/** The answer of `npm audit --json`: its report, or undefined when the advisory service did not give one. */
export function readAuditReport(json: unknown): { findings: Finding[]; failing: Finding[] } | undefined {
  if (!json || typeof json !== 'object' || !('auditReportVersion' in json)) return undefined;
  const vulnerabilities = (json as { vulnerabilities?: Record<string, AuditVulnerability> }).vulnerabilities ?? {};
  const findings = Object.entries(vulnerabilities).map(([name, entry]): Finding => {
    const titles = (entry.via ?? []).map((via) => (typeof via === 'string' ? `through ${via}` : (via.title ?? via.url ?? 'advisory')));
    return { name: entry.name ?? name, severity: entry.severity ?? 'unknown', what: titles.join('; ') };
  });
  return { findings, failing: findings.filter((finding) => (FAILING_SEVERITIES as readonly string[]).includes(finding.severity)) };
}

/** Why the advisory service gave no report (npm's error answer), in one line. */
export function auditRefusal(json: unknown): string {
  const message = json && typeof json === 'object' && 'message' in json ? String((json as { message: unknown }).message) : '';
  return message || 'no report';
}

interface LsNode {
  version?: string;
  dependencies?: Record<string, LsNode>;
}

/** Every `name@version` of the production tree, once each, sorted. */
export function productionPackages(ls: LsNode): string[] {
  const seen = new Set<string>();
  const walk = (node: LsNode) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (!child.version) continue;
      const key = `${name}@${child.version}`;
      if (seen.has(key)) continue;
      seen.add(key);
      walk(child);
    }
  };
  walk(ls);
  return [...seen].sort();
}

/** Whether a registry deprecation notice warns of a security problem (not merely an old API). */
export const isSecurityNotice = (notice: string): boolean => /secur|vulnerab|\bCVE-\d|exploit|malicious|compromised/i.test(notice);
