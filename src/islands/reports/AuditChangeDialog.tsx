/**
 * One audit entry opened from the Audit Trail (loaded on first use): the entry as a sentence, who,
 * when and which record, then what changed as a table of labelled fields before and after
 * (unchanged fields left out; money in rupees, dates in the library's format); the raw record,
 * pretty-printed side by side, waits behind a disclosure (a native `details`, opened by keyboard).
 */
import { css, cx } from 'styled-system/css';
import { focusable, table, text } from 'styled-system/recipes';
import { Facts } from '../../components/Facts';
import { Modal, dialogActions } from '../../components/Modal';
import { Button } from '../../components/ui/Button';
import { useTableScroll } from '../../components/use-table-scroll';
import { auditEntryView } from '../../lib/audit-entry';
import type { FieldChange } from '#shared/audit-fields';
import type { MomentFormat } from '#shared/dates';
import type { ReportRow } from '#shared/schemas/reports';

const look = table({ frame: 'boxed', phone: 'cards' });
const sentence = text({ weight: 'medium' });
const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold', mt: '5', mb: '2' });
const disclosure = css({ mt: '5' });
const summary = cx(focusable(), css({ cursor: 'pointer', fontSize: 'sm', fontWeight: 'semibold', w: 'fit-content', borderRadius: 'sm' }));
const none = text({ tone: 'muted' });
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

/** One side of the raw record, pretty-printed and scrollable by keyboard. */
function Snapshot({ side, record }: { side: 'Before' | 'After'; record: string }) {
  return (
    <section aria-label={side}>
      <h4 className={sideTitle}>{side}</h4>
      <pre className={code} tabIndex={0}>
        {record}
      </pre>
    </section>
  );
}

/** The changed fields: label, before, after (a card per field on phones). */
function ChangeTable({ changes }: { changes: FieldChange[] }) {
  const scrollBox = useTableScroll();
  if (changes.length === 0) return <p className={none}>No field changed.</p>;
  return (
    <div className={look.root} {...scrollBox}>
      <table className={look.table} aria-label="Changed fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.key}>
              <th scope="row">{change.label}</th>
              <td data-label="Before">{change.before}</td>
              <td data-label="After">{change.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AuditChangeDialog({ row, format, onClose }: { row: ReportRow; format: MomentFormat; onClose: () => void }) {
  const view = auditEntryView(row, format);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={view.heading} size="wide">
      <p className={sentence}>{view.sentence}</p>
      <div className={css({ mt: '4' })}>
        <Facts rows={view.facts} />
      </div>
      <h3 className={sectionTitle}>What changed</h3>
      <ChangeTable changes={view.changes} />
      <details className={disclosure}>
        <summary className={summary}>Raw record</summary>
        <div className={sides}>
          <Snapshot side="Before" record={view.raw.before} />
          <Snapshot side="After" record={view.raw.after} />
        </div>
      </details>
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
