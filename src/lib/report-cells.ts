/**
 * How a report's cells and figures read, by the catalogue's column kinds: money as
 * "Rs. 1,250.00" (money.ts), dates in the library's date format, moments with their time in the
 * library's zone (dates.ts `momentText`), counts with thousands separators. The audit
 * trail's before/after snapshots (JSON text) read compactly in the table ("title, price") and
 * pretty-printed side by side when opened. (Chart values read through `charts.ts`.)
 */
import { bucketLabel } from './charts';
import { formatDate, momentText, type MomentFormat } from '#shared/dates';
import { formatAmount } from '#shared/money';
import type { ColumnKind, ReportColumn } from '#shared/report-catalogue';
import type { ReportFigure } from '#shared/schemas/reports';
import { formatCount } from '#shared/numbers';

type Cell = string | number | boolean | null | undefined;

/** One cell as text for people; '—' for no value. */
export function cellText(value: Cell, kind: ColumnKind, format: MomentFormat & { date_format?: string | null | undefined }): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'money':
      return formatAmount(typeof value === 'boolean' ? String(value) : value) ?? '—';
    case 'date':
      return formatDate(String(value), format.date_format) ?? '—';
    case 'moment':
      return momentText(String(value), format);
    case 'count':
      return typeof value === 'number' && Number.isFinite(value) ? formatCount(value) : String(value);
    case 'json':
      return snapshotSummary(value);
    default:
      return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  }
}

/** A column's cell for people: a period (`2026-11-26`, `2026-11`, `2026-W48`) reads as the charts' buckets do, the rest by kind. */
export function columnText(column: Pick<ReportColumn, 'key' | 'kind'>, value: Cell, format: MomentFormat & { date_format?: string | null | undefined }): string {
  if (column.key === 'period' && typeof value === 'string' && value) return bucketLabel(value, format.date_format);
  return cellText(value, column.kind, format);
}

/** A figure's value for people (money or a count). */
export function figureText(figure: Pick<ReportFigure, 'kind' | 'value'>): string {
  if (figure.kind === 'money') return formatAmount(figure.value) ?? '—';
  const number = typeof figure.value === 'number' ? figure.value : Number(figure.value);
  return Number.isFinite(number) ? formatCount(number) : String(figure.value);
}

/** A snapshot (JSON text or an object) as an object; null when it is empty or not an object. */
export function parseSnapshot(value: Cell | Record<string, unknown>): Record<string, unknown> | null {
  if (value === null || value === undefined || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { value };
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
}

/** A snapshot in the table: its field names, the first few only ('title, author, price +3'); '—' when empty. */
export function snapshotSummary(value: Cell, shown = 3): string {
  const snapshot = parseSnapshot(value);
  if (!snapshot) return '—';
  const keys = Object.keys(snapshot);
  if (keys.length === 0) return '—';
  const rest = keys.length - shown;
  return `${keys.slice(0, shown).join(', ')}${rest > 0 ? ` +${rest}` : ''}`;
}

/** The fields whose value differs between before and after (added and removed ones too), in order of appearance. */
export function changedFields(before: Cell, after: Cell): string[] {
  const a = parseSnapshot(before) ?? {};
  const b = parseSnapshot(after) ?? {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/**
 * An audit entry's change in the table: 'Changed title, price'; for an entry with one side only
 * (a record made, a sign-in, a record removed) that side's fields: 'After: title, author +9'; '—'.
 */
export function changeSummary(before: Cell, after: Cell, shown = 3): string {
  const a = parseSnapshot(before);
  const b = parseSnapshot(after);
  if (!a && !b) return '—';
  if (!a) return `After: ${snapshotSummary(after, shown)}`;
  if (!b) return `Before: ${snapshotSummary(before, shown)}`;
  const changed = changedFields(before, after);
  if (changed.length === 0) return 'No field changed';
  const rest = changed.length - shown;
  return `Changed ${changed.slice(0, shown).join(', ')}${rest > 0 ? ` +${rest}` : ''}`;
}

/** A snapshot pretty-printed (two-space JSON); '—' when there is none. */
export function prettySnapshot(value: Cell): string {
  const snapshot = parseSnapshot(value);
  return snapshot ? JSON.stringify(snapshot, null, 2) : '—';
}
