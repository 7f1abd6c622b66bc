/**
 * An audit entry's change in the Audit Trail's table, by the fields' labels ("Changed Status,
 * Fine +2"); apart from `audit-entry.ts` so the page's first load carries no sentence code.
 */
import { fieldChanges, readSnapshot } from '#shared/audit-fields';
import type { ReportRow } from '#shared/schemas/reports';

/** The table's compact change: "Changed Status, Fine +2"; a one-sided entry's fields: "After: Title, Price"; '—' for none. */
export function changeInWords(row: ReportRow, shown = 3): string {
  const before = readSnapshot(row['before']);
  const after = readSnapshot(row['after']);
  if (!before && !after) return '—';
  const labels = fieldChanges(row['before'], row['after']).map((change) => change.label);
  if (labels.length === 0) return 'No field changed';
  const rest = labels.length - shown;
  const list = `${labels.slice(0, shown).join(', ')}${rest > 0 ? ` +${rest}` : ''}`;
  return before && after ? `Changed ${list}` : `${after ? 'After' : 'Before'}: ${list}`;
}
