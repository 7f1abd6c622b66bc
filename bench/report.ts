/**
 * What every bench prints about the machine, and how it writes its section of
 * docs/PERFORMANCE.md (between `<!-- NAME:start -->` and `<!-- NAME:end -->`, the rest kept).
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The machine a run measured on, with its load average at the end. */
export function machine(): { cpu: string; cores: number; node: string; date: string; os: string; load: string } {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match) cpu = match[1]!.trim();
  } catch {
    // not Linux
  }
  return {
    cpu,
    cores: os.availableParallelism(),
    node: process.version,
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    os: `${os.type()} ${os.release()}`,
    load: os.loadavg().map((l) => l.toFixed(1)).join(' / '),
  };
}

/** Warns when other work on the machine will skew the figures; answers the 1-minute load average. */
export function loadAtStart(): number {
  const load = os.loadavg()[0]!;
  if (load > os.availableParallelism()) console.warn(`Note: load average ${load.toFixed(1)} on ${os.availableParallelism()} cores; other work will skew the figures.`);
  return load;
}

/** Replaces the section `name` of docs/PERFORMANCE.md with `lines` (appended when missing). */
export async function writeSection(name: string, lines: string[]): Promise<string> {
  const file = path.join(ROOT, 'docs/PERFORMANCE.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = [start, ...lines, end].join('\n');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Performance\n';
  }
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text = from >= 0 && to > from ? text.slice(0, from) + section + text.slice(to + end.length) : `${text.trimEnd()}\n\n${section}\n`;
  await writeFile(file, text);
  return file;
}

/** The p50 and p95 of timings in milliseconds. */
export function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return { p50: at(0.5), p95: at(0.95) };
}
