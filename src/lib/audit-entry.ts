/**
 * An audit entry opened from the Audit Trail, ready to show: its sentence (written by the server
 * in the library's formats, or here from the same rule when an older answer lacks it), who and
 * when, the action in words, the record it names, the changed fields as labelled before/after
 * lines (unchanged fields left out, money in rupees, dates in the library's format), and the raw
 * snapshots pretty-printed for the disclosure behind them. (The table's compact "what changed"
 * is `audit-change.ts`, kept apart so the page loads no sentence code before an entry opens.)
 */
import { auditActionWords } from '#shared/audit-actions';
import { fieldChanges, readSnapshot, type FieldChange } from '#shared/audit-fields';
import { auditSentence } from '#shared/audit-sentences';
import { momentText, type MomentFormat } from '#shared/dates';
import type { ReportRow } from '#shared/schemas/reports';

type Cell = ReportRow[string] | undefined;
const text = (value: Cell): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** What the entry's dialog shows. */
export interface AuditEntryView {
  heading: string;
  sentence: string;
  facts: [string, string][];
  changes: FieldChange[];
  /** The snapshots as stored, pretty-printed; '—' for none. */
  raw: { before: string; after: string };
}

/** The entry's sentence: the server's, else written here from the row's names. */
export function entrySentence(row: ReportRow, format: MomentFormat): string {
  return (
    text(row['sentence']) ??
    auditSentence(
      { action: String(row['action'] ?? ''), actor: text(row['actor']) ?? text(row['user']), record: text(row['record']), member: text(row['member']), entity: String(row['entity'] ?? ''), entity_id: text(row['entity_id']), before: row['before'], after: row['after'] },
      format,
    )
  );
}

const pretty = (value: Cell): string => {
  const snapshot = readSnapshot(value);
  return snapshot ? JSON.stringify(snapshot, null, 2) : '—';
};

/** The dialog's content for one row of the Audit Trail. */
export function auditEntryView(row: ReportRow, format: MomentFormat): AuditEntryView {
  const who = text(row['actor']) ?? 'The library';
  const username = text(row['user']);
  const record = text(row['record']);
  const entity = text(row['entity']) ?? '';
  const id = text(row['entity_id']);
  return {
    heading: `${auditActionWords(String(row['action'] ?? ''))}${row['id'] !== null && row['id'] !== undefined ? ` · entry ${row['id']}` : ''}`,
    sentence: entrySentence(row, format),
    facts: [
      ['When', momentText(text(row['created_at']), format)],
      ['Who', username && username !== who ? `${who} (${username})` : who],
      ['Record', [record, `${entity.replace(/_/g, ' ')}${id ? ` #${id}` : ''}`].filter(Boolean).join(' · ')],
    ],
    changes: fieldChanges(row['before'], row['after'], format),
    raw: { before: pretty(row['before']), after: pretty(row['after']) },
  };
}
