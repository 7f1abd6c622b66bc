/**
 * A copy's history in a dialog: every loan, hold and hand status change, newest first (the latest
 * 200), dates in the library's format. It loads each time it opens; a failure stays inside with a
 * retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { table } from 'styled-system/recipes';
import type { MomentFormat } from '#shared/dates';
import { Modal } from '../Modal';
import { DataTable, type DataTableColumn } from '../data-table/DataTable';
import { TableLoadProblem } from '../data-table/TableLoadProblem';
import { copyCallError } from '../../lib/book-copies';
import { fetchCopyHistory } from '../../lib/book-copies-api';
import { copyHistoryRows, type CopyHistoryRow } from '../../lib/book-copies-history';
import type { CopyView } from '../../lib/schemas/copies';

const { cellNumber } = table();

const COLUMNS: DataTableColumn<CopyHistoryRow>[] = [
  {
    id: 'at',
    header: 'When',
    cell: (row) => <span className={cellNumber}>{row.at}</span>,
  },
  { id: 'what', header: 'What', rowHeader: true, cell: (row) => row.what },
  { id: 'detail', header: 'Detail', cell: (row) => row.detail || '—' },
];

export function CopyHistoryDialog({ copy, format, onClose }: { copy: CopyView | null; format: MomentFormat; onClose: () => void }) {
  return (
    <Modal
      open={copy !== null}
      onOpenChange={(open) => !open && onClose()}
      size="wide"
      title={copy ? `History of copy ${copy.accession_no}` : 'History'}
      description="Loans, holds and status changes, newest first."
    >
      {copy && <CopyHistory key={String(copy.id)} copy={copy} format={format} />}
    </Modal>
  );
}

type Load = { kind: 'loading' } | { kind: 'ready'; rows: CopyHistoryRow[] } | { kind: 'error'; message: string };

function CopyHistory({ copy, format }: { copy: CopyView; format: MomentFormat }) {
  const [state, setState] = useState<Load>({ kind: 'loading' });
  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      setState({
        kind: 'ready',
        rows: copyHistoryRows((await fetchCopyHistory(copy.id)).results, format),
      });
    } catch (failure) {
      setState({ kind: 'error', message: copyCallError(failure, 'history') });
    }
  }, [copy.id]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className={css({ mt: '4' })}>
      <DataTable
        caption={`History of copy ${copy.accession_no}`}
        captionHidden
        columns={COLUMNS}
        rows={state.kind === 'ready' ? state.rows : []}
        rowKey={(row) => row.key}
        loading={state.kind === 'loading'}
        emptyText="Nothing has happened to this copy yet."
        notice={
          state.kind === 'error' ? <TableLoadProblem title="The history could not be loaded" message={state.message} onRetry={() => void load()} /> : undefined
        }
      />
    </div>
  );
}
