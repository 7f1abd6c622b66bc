/**
 * Holds to pull (staff with view_bookreservation): every shelf copy of a title members wait for,
 * by call number and shelf, so the morning's pulls are one walk and one printed page (Print, or the
 * browser's own). Nothing waiting: "Nothing to pull".
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PullListPrint } from '../../components/checkin/PullListPrint';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { Button } from '../../components/ui/Button';
import { fetchHoldsToPull } from '../../lib/checkin-session-api';
import { CHECKIN_MESSAGES, pullRows, type PullRow } from '../../lib/checkin-session';
import { callErrorMessage } from '../../lib/errors';
import { formatDate, todayIn } from '#shared/dates';
import { $librarySettings } from '../../stores/library-settings';

const COLUMNS: DataTableColumn<PullRow>[] = [
  { id: 'call', header: 'Call number', cell: (row) => row.callNumber || '—' },
  { id: 'shelf', header: 'Shelf', cell: (row) => row.shelf || '—' },
  { id: 'accession', header: 'Accession no.', cell: (row) => row.accessionNo },
  { id: 'title', header: 'Title', rowHeader: true, cell: (row) => row.title },
  { id: 'waiting', header: 'Waiting', align: 'end', cell: (row) => String(row.waiting) },
];

export default function HoldsToPull() {
  const settings = useStore($librarySettings);
  const [rows, setRows] = useState<PullRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetchHoldsToPull()
      .then((answer) => current && (setRows(pullRows(answer)), setError(null)))
      .catch((failure: unknown) => current && setError(callErrorMessage('holds-to-pull', failure)));
    return () => {
      current = false;
    };
  }, [attempt]);

  return (
    <>
      <DataTable
        caption="Holds to pull"
        captionHidden
        columns={COLUMNS}
        rows={rows ?? []}
        rowKey={(row) => row.key}
        loading={rows === null && !error}
        emptyText={CHECKIN_MESSAGES.nothingToPull}
        toolbar={
          <Button variant="outline" onClick={() => window.print()} disabled={!rows || rows.length === 0}>
            Print
          </Button>
        }
        notice={error && <TableLoadProblem title="The holds to pull could not be loaded" message={error} onRetry={() => setAttempt((n) => n + 1)} />}
      />
      {rows && rows.length > 0 && <PullListPrint rows={rows} printedOn={formatDate(todayIn(settings?.timezone), settings?.date_format) ?? ''} libraryName={settings?.library_name} />}
    </>
  );
}
