/**
 * Advisories in production dependencies (CI runs it): fails on any high or critical advisory that
 * `npm audit` reports for the packages the product runs on. When the registry's advisory service
 * does not answer (some mirrors and proxies refuse its POST), it reads the registry's own data of
 * every production package version instead and fails on a version deprecated with a security
 * notice; the log says which source was read.
 *
 *   tsx scripts/advisories.ts
 */
import { execFileSync } from 'node:child_process';
import { auditRefusal, isSecurityNotice, productionPackages, readAuditReport } from './advisory-rules';

const npm = (args: string[]): unknown => {
  let out: string;
  try {
    out = execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    // npm audit exits non-zero when it finds something or fails; its JSON is still on stdout.
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  try {
    return JSON.parse(out);
  } catch {
    return undefined;
  }
};

const registry = String(execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' })).trim().replace(/\/$/, '');

async function deprecationsOf(packages: string[]): Promise<{ pkg: string; notice: string }[]> {
  const found: { pkg: string; notice: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < packages.length) {
      const pkg = packages[next++]!;
      const at = pkg.lastIndexOf('@');
      const name = pkg.slice(0, at);
      const version = pkg.slice(at + 1);
      const answer = await fetch(`${registry}/${name.replace('/', '%2f')}/${version}`, { signal: AbortSignal.timeout(20_000) });
      if (!answer.ok) throw new Error(`The registry answered ${answer.status} for ${pkg}.`);
      const manifest = (await answer.json()) as { deprecated?: unknown };
      if (typeof manifest.deprecated === 'string' && manifest.deprecated) found.push({ pkg, notice: manifest.deprecated });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return found.sort((a, b) => a.pkg.localeCompare(b.pkg));
}

const audit = npm(['audit', '--omit=dev', '--json']);
const report = readAuditReport(audit);
if (report) {
  for (const finding of report.findings) console.log(`  ${finding.severity.padEnd(8)} ${finding.name}: ${finding.what}`);
  console.log(`npm audit: ${report.findings.length} advisories in production dependencies, ${report.failing.length} high or critical.`);
  process.exit(report.failing.length ? 1 : 0);
}

console.log(`npm audit: the registry's advisory service gave no report (${auditRefusal(audit)}).`);
const packages = productionPackages(npm(['ls', '--omit=dev', '--all', '--json']) as object);
if (packages.length === 0) throw new Error('npm ls listed no production packages.');
const deprecated = await deprecationsOf(packages);
const security = deprecated.filter((entry) => isSecurityNotice(entry.notice));
for (const entry of deprecated) console.log(`  ${isSecurityNotice(entry.notice) ? 'SECURITY' : 'note    '} ${entry.pkg}: ${entry.notice}`);
console.log(
  `Registry data instead: ${packages.length} production package versions read, ${deprecated.length} deprecated, ${security.length} with a security notice.`,
);
process.exit(security.length ? 1 : 0);
