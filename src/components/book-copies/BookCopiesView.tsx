/**
 * The title's copies in the one data table (cards at phone width): accession number, call number
 * and shelf, status in words, who has it or whom it is held for, and where it came from. Add
 * copies (add_book), Edit and Change status (change_book; the server checks anyway; Change status
 * under the copy's badge), Charge damage (change_fine) and History per copy. Each dialog mounts its form per opening, so a closed dialog keeps nothing, and Ark
 * gives focus back to the row's button that opened it.
 */
import { useStore } from '@nanostores/react';
import { Panel } from '../Panel';
import { DataTable } from '../data-table/DataTable';
import { TableLoadProblem } from '../data-table/TableLoadProblem';
import { Button } from '../ui/Button';
import { copyRowOffer } from '../../lib/book-copies';
import { $librarySettings } from '../../stores/library-settings';
import { $permissions } from '../../stores/session';
import { AddCopiesDialog } from './AddCopiesDialog';
import type { BookCopiesProps } from './BookCopies';
import { copyColumns } from './copy-columns';
import { CopyHistoryDialog } from './CopyHistoryDialog';
import { CopyRowActions, CopyStatusButton } from './CopyRowActions';
import { CopyStatusDialog } from './CopyStatusDialog';
import { DamageChargeDialog } from './DamageChargeDialog';
import { EditCopyDialog } from './EditCopyDialog';
import { useBookCopies } from './use-book-copies';

export function BookCopiesView({ bookId, shelf, onChanged }: BookCopiesProps) {
  const permissions = useStore($permissions);
  const settings = useStore($librarySettings);
  const can = {
    add: permissions.includes('add_book'),
    change: permissions.includes('change_book'),
    charge: permissions.includes('change_fine'),
  };
  const { copies, count, loadError, loading, load, changed, dialog, open, close } = useBookCopies(bookId, onChanged);
  const format = {
    timezone: settings?.timezone,
    date_format: settings?.date_format,
    time_format: settings?.time_format,
  };
  const shown = copies?.length ?? 0;

  return (
    <Panel
      title="Copies"
      intro={count > shown ? `The first ${shown} of ${count} copies, in accession order.` : 'Every copy of this title, in the order they were added.'}
      actions={
        can.add ? (
          <Button onClick={() => open({ kind: 'add' })} disabled={copies === null}>
            Add copies
          </Button>
        ) : undefined
      }
    >
      <DataTable
        caption="Copies"
        captionHidden
        columns={copyColumns(format.date_format, (copy) => (
          <CopyStatusButton copy={copy} offer={copyRowOffer(copy, can)} onOpen={open} />
        ))}
        rows={copies ?? []}
        rowKey={(copy) => copy.id}
        loading={loading}
        emptyText="No copies yet."
        notice={loadError ? <TableLoadProblem title="The copies could not be loaded" message={loadError} onRetry={() => void load()} /> : undefined}
        rowActions={(copy) => <CopyRowActions copy={copy} offer={copyRowOffer(copy, can)} onOpen={open} />}
      />
      <AddCopiesDialog open={dialog.kind === 'add'} bookId={bookId} shelf={shelf} timeZone={format.timezone} onClose={close} onSaved={changed} />
      <EditCopyDialog copy={dialog.kind === 'edit' ? dialog.copy : null} timeZone={format.timezone} onClose={close} onSaved={changed} />
      <CopyStatusDialog copy={dialog.kind === 'status' ? dialog.copy : null} onClose={close} onSaved={changed} />
      <DamageChargeDialog copy={dialog.kind === 'damage' ? dialog.copy : null} canMark={can.change} onClose={close} onSaved={changed} />
      <CopyHistoryDialog copy={dialog.kind === 'history' ? dialog.copy : null} format={format} onClose={close} />
    </Panel>
  );
}
