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
import { readSnapshot } from '#shared/audit-fields';

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

/** A snapshot in the table: its field names, the first few only ('title, author, price +3'); '—' when empty. */
export function snapshotSummary(value: Cell, shown = 3): string {
  const snapshot = readSnapshot(value);
  if (!snapshot) return '—';
  const keys = Object.keys(snapshot);
  if (keys.length === 0) return '—';
  const rest = keys.length - shown;
  return `${keys.slice(0, shown).join(', ')}${rest > 0 ? ` +${rest}` : ''}`;
}
