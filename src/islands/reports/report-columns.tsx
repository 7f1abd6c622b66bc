/**
 * A report section's table columns from its catalogue columns: cells formatted by kind, the
 * naming column as the row's header (the card's title on phones), secondary columns hidden on
 * narrow windows, the audit trail's before/after as a compact summary with View, and a payment's
 * receipt number as a button that reopens the receipt.
 */
import { css } from 'styled-system/css';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { ReceiptButton } from '../../components/fines/ReceiptButton';
import { Button } from '../../components/ui/Button';
import type { ReportColumn } from '#shared/report-catalogue';
import type { ReportRow } from '#shared/schemas/reports';
import { changeInWords } from '../../lib/audit-change';
import { columnText } from '../../lib/report-cells';
import type { IndexedRow } from './use-report-page';

export type Format = { timezone?: string | null | undefined; date_format?: string | null | undefined; time_format?: string | null | undefined };

const nowrap = css({ whiteSpace: 'nowrap' });
const changeCell = css({ display: 'flex', alignItems: 'center', gap: '2', justifyContent: { base: 'flex-end', sm: 'space-between' } });
const changeText = css({ minW: '0', maxW: '12rem', fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' });

/** Columns that name a row (the card's title on phones), in order of preference (a copy by its accession number, an audit entry by its sentence). */
const NAMING = ['sentence', 'accession_no', 'title', 'name', 'member', 'receipt_no', 'period', 'day', 'user'];
/** Columns narrow windows can do without (lg), and those only wide screens show (2xl): all are in the CSV and the print; ids of rows phones do without (their cards are named otherwise). */
const SECONDARY = new Set(['member_no', 'entity_id']);
const WIDE_ONLY = new Set(['username', 'discount_reason', 'session']);
const ROW_IDS = new Set(['loan_id', 'book_id', 'user_id', 'id']);
/** The audit trail's parts of its sentence, shown on wide screens only (the sentence says them; the CSV keeps them). */
const AUDIT_PARTS = new Set(['action', 'entity', 'entity_id', 'record', 'member', 'user']);

const hiding = (key: string, audit: boolean) =>
  (audit && AUDIT_PARTS.has(key)) || WIDE_ONLY.has(key)
    ? { hideBelow: '2xl' as const }
    : SECONDARY.has(key)
      ? { hideBelow: 'lg' as const }
      : ROW_IDS.has(key)
        ? { hideBelow: 'sm' as const }
        : {};

/** Before and after (JSON snapshots): what changed, by the fields' labels, and View for the entry opened. */
function changeColumn(openChange: (row: ReportRow) => void): DataTableColumn<IndexedRow> {
  return {
    id: 'change',
    header: 'Before / after',
    cell: (row) => (
      <span className={changeCell}>
        <span className={changeText}>{changeInWords(row.cells)}</span>
        {(row.cells.before || row.cells.after) && (
          <Button size="sm" variant="outline" aria-label={`View before and after of entry ${row.cells.id ?? row.index + 1}`} onClick={() => openChange(row.cells)}>
            View
          </Button>
        )}
      </span>
    ),
  };
}

/** The table's columns for a section's catalogue columns. */
export function reportColumns(columns: readonly ReportColumn[], format: Format, openChange: (row: ReportRow) => void): DataTableColumn<IndexedRow>[] {
  const naming = NAMING.find((key) => columns.some((column) => column.key === key));
  const audit = naming === 'sentence';
  const plain = columns.filter((column) => column.kind !== 'json');
  const table: DataTableColumn<IndexedRow>[] = plain.map((column) => ({
    id: column.key,
    header: column.label,
    ...(column.sort ? { sortKey: column.key } : {}),
    ...(column.kind === 'money' || column.kind === 'count' ? { align: 'end' as const } : {}),
    ...(column.key === naming ? { rowHeader: true } : {}),
    ...hiding(column.key, audit),
    cell: (row: IndexedRow) => {
      // A payment's receipt reopens from its number, to read and print again.
      const receiptNo = row.cells[column.key];
      if (column.key === 'receipt_no' && typeof receiptNo === 'string' && receiptNo) return <ReceiptButton receiptNo={receiptNo} />;
      const text = columnText(column, row.cells[column.key], format);
      return column.kind === 'moment' || column.kind === 'date' || column.kind === 'money' ? <span className={nowrap}>{text}</span> : text;
    },
  }));
  if (plain.length < columns.length) table.push(changeColumn(openChange));
  return table;
}
