/**
 * The session list, newest first: each scanned copy (its title, accession number and due date once
 * issued, else the code scanned), "Issuing…" while it is on its way, or why it was refused; a row refused for blocks
 * lists them, with "Override…" for staff who may override and, for others, who can.
 */
import { css } from 'styled-system/css';
import { badge, table } from 'styled-system/recipes';
import { formatDate } from '#shared/dates';
import { blockAdvice, type SessionRow } from '../../lib/checkout-session';
import { Button } from '../ui/Button';
import { useTableScroll } from '../use-table-scroll';

const parts = table({ layout: 'plain' });
const why = css({ color: 'danger.fg', fontSize: 'sm' });
const code = css({ display: 'block', fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' });
const titleText = css({ display: 'block', fontWeight: 'medium' });
const statusCell = css({ w: '55%' });
const due = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', whiteSpace: 'nowrap' });

export interface SessionRowsProps {
  rows: readonly SessionRow[];
  dateFormat: string | null | undefined;
  canOverride: boolean;
  onOverride: (row: SessionRow) => void;
}

function RowStatus({ row, canOverride, onOverride }: { row: SessionRow; canOverride: boolean; onOverride: (row: SessionRow) => void }) {
  if (row.state === 'issued') return <span className={badge({ tone: 'success' })}>{row.overrideReason ? 'Issued (override)' : 'Issued'}</span>;
  if (row.state === 'queued' || row.state === 'sending') return <span className={badge({ tone: 'neutral' })}>Issuing…</span>;
  return (
    <div>
      <p className={why}>{row.message}</p>
      {row.blocks.length > 0 && (
        <ul className={css({ pl: '4', listStyle: 'disc', fontSize: 'sm' })}>
          {row.blocks.map((block) => (
            <li key={block.code}>{block.reason}</li>
          ))}
        </ul>
      )}
      {row.state === 'blocked' &&
        (canOverride ? (
          <Button size="sm" variant="outline" onClick={() => onOverride(row)} aria-label={`Override the blocks for ${row.code}`}>
            Override…
          </Button>
        ) : (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{blockAdvice(false)}</p>
        ))}
    </div>
  );
}

export function SessionRows({ rows, dateFormat, canOverride, onOverride }: SessionRowsProps) {
  const scrollBox = useTableScroll();
  if (rows.length === 0) return <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>No copies scanned yet in this session.</p>;
  return (
    <div className={parts.root} {...scrollBox}>
      <table className={parts.table} aria-label="Checked out in this session">
        <thead>
          <tr>
            <th>Copy</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-state={row.state}>
              <td>
                {row.title && <span className={titleText}>{row.title}</span>}
                <span className={code}>{row.accessionNo ?? row.code}</span>
                {row.dueDate && <span className={due}>Due {formatDate(row.dueDate, dateFormat) ?? row.dueDate}</span>}
              </td>
              <td className={statusCell}>
                <RowStatus row={row} canOverride={canOverride} onOverride={onOverride} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
