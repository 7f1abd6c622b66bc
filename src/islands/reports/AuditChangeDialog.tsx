/**
 * One audit entry opened from the Audit Trail (loaded on first use): who, when, what, then the
 * record before and after side by side, pretty-printed, with the changed fields named.
 */
import { css } from 'styled-system/css';
import { Facts } from '../../components/Facts';
import { Modal, dialogActions } from '../../components/Modal';
import { Button } from '../../components/ui/Button';
import { cellText, changedFields, prettySnapshot } from '../../lib/report-cells';
import type { MomentFormat } from '#shared/dates';
import type { ReportRow } from '#shared/schemas/reports';

const sides = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '3', mt: '4' });
const sideTitle = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1.5' });
const code = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  bg: 'bg.canvas',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  p: '3',
  maxH: '50vh',
  overflowY: 'auto',
  m: '0',
});

/** One side of the change: the record as it was or became, pretty-printed and scrollable by keyboard. */
function Snapshot({ side, record }: { side: 'Before' | 'After'; record: ReportRow[string] | undefined }) {
  return (
    <section aria-label={side}>
      <h3 className={sideTitle}>{side}</h3>
      <pre className={code} tabIndex={0}>
        {prettySnapshot(record ?? null)}
      </pre>
    </section>
  );
}

export default function AuditChangeDialog({ row, format, onClose }: { row: ReportRow; format: MomentFormat; onClose: () => void }) {
  const changed = changedFields(row.before, row.after);
  const text = (key: string, kind: 'text' | 'moment' = 'text') => cellText(row[key], kind, format);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`${text('action')} · ${text('entity')} ${row.entity_id ?? ''}`.trim()} size="wide">
      <Facts
        rows={[
          ['Entry', text('id')],
          ['When', text('created_at', 'moment')],
          ['Who', text('user')],
          ['Changed fields', changed.length ? changed.join(', ') : '—'],
        ]}
      />
      <div className={sides}>
        <Snapshot side="Before" record={row.before} />
        <Snapshot side="After" record={row.after} />
      </div>
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
