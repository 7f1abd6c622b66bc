/**
 * The one CSV bulk upload dialog (only .csv files; the error catalogue's upload toasts) for every import (books, members; what
 * differs is an `UploadTarget`): choose a .csv (drop zone or button; nothing else is taken,
 * nothing is sent without a file), read it in the browser first (row count, header problems, row
 * errors, unknown names, the first rows), then upload it with 'Uploading File...' (the dialog
 * cannot be dismissed meanwhile) and show the result: imported count, each rejected row with its
 * reason, the rejected rows as a CSV. Toast: the server's detail or the target's own words.
 */
import { useStore } from '@nanostores/react';
import { css, cx } from 'styled-system/css';
import { checkRow } from 'styled-system/recipes';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { downloadRejectedRows } from '../../lib/book-upload-result';
import { $uploadLimits } from '../../stores/library-settings';
import { BulkUploadActions, CsvFileChooser, ReadingProgress, UploadingOverlay } from './BulkUploadParts';
import { PreviewSummary, UploadResult } from './UploadParts';
import { useBulkUpload } from './use-bulk-upload';
import type { UploadTarget } from './upload-target';

const checkboxRow = cx(checkRow(), css({ display: 'flex', gap: '3', mt: '3', fontWeight: 'normal' }));

/** The bulk upload dialog of one import; render it while open. The flow is `useBulkUpload`. */
export function BulkUploadDialog({ target, open, onClose }: { target: UploadTarget; open: boolean; onClose: () => void }) {
  const maxSize = useStore($uploadLimits).csv;
  const flow = useBulkUpload(target, open, maxSize);
  const { stage, busy, preview, rejection, uploadError, createMissing } = flow;
  return (
    <Modal open={open} onOpenChange={(next) => !next && !busy && onClose()} title={target.title} description={target.description} busy={busy} size="wide">
      <div className={css({ position: 'relative' })} aria-busy={busy || stage.kind === 'reading'}>
        {stage.kind !== 'done' && <CsvFileChooser flow={flow} target={target} maxSize={maxSize} />}
        {rejection && (
          <Alert tone="error" className={css({ mt: '3' })}>
            {rejection}
          </Alert>
        )}
        {stage.kind === 'reading' && <ReadingProgress progress={stage.progress} />}
        {preview && (
          <PreviewSummary
            target={target}
            preview={preview}
            nameOptions={
              target.createMissingLabel && (
                <label className={checkboxRow}>
                  <input type="checkbox" checked={createMissing} disabled={busy} onChange={(event) => flow.setCreateMissing(event.target.checked)} />
                  {target.createMissingLabel}
                </label>
              )
            }
          />
        )}
        {uploadError && (
          <Alert tone="error" title="The file was not uploaded" className={css({ mt: '4' })}>
            {uploadError}
          </Alert>
        )}
        {stage.kind === 'done' && <UploadResult noun={target.noun} file={stage.file} outcome={stage.outcome} onDownload={downloadRejectedRows} />}
        {busy && <UploadingOverlay />}
      </div>
      <div className={dialogActions}>
        <BulkUploadActions flow={flow} onClose={onClose} />
      </div>
    </Modal>
  );
}
