/**
 * The one CSV bulk upload dialog (only .csv files; the error catalogue's upload toasts) for every import (books, members; what
 * differs is an `UploadTarget`): choose a .csv (drop zone or button; nothing else is taken,
 * nothing is sent without a file), read it in the browser first (row count, header problems, row
 * errors, unknown names, the first rows), then upload it with 'Uploading File...' (the dialog
 * cannot be dismissed meanwhile) and show the result: imported count, each rejected row with its
 * reason, the rejected rows as a CSV. Toast: the server's detail or the target's own words.
 */
import { FileUpload } from '@ark-ui/react/file-upload';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Modal, dialogActions } from '../../components/Modal';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/Toaster';
import { downloadRejectedRows, uploadRowErrors } from '../../lib/book-upload-result';
import { canUploadPreview, type CsvPreview } from '../../lib/csv-preview';
import { errorBody, fieldErrors } from '../../lib/errors';
import { shortenFileName } from '../../lib/file-names';
import { describeBytes, tooLargeMessage } from '#shared/upload-rules';
import { $uploadLimits } from '../../stores/library-settings';
import { PreviewSummary, UploadResult, fileSize, type UploadOutcome } from './UploadParts';
import type { UploadTarget } from './upload-target';

type Stage =
  | { kind: 'choose' }
  | { kind: 'reading'; file: File; progress: number }
  | { kind: 'preview'; file: File; preview: CsvPreview<string> }
  | { kind: 'uploading'; file: File; preview: CsvPreview<string> }
  | { kind: 'done'; file: File; outcome: UploadOutcome };

const isCsvName = (name: string): boolean => /\.csv$/i.test(name.trim());

const dropzone = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '3',
  textAlign: 'center',
  px: '4',
  py: '8',
  mt: '4',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  bg: 'bg.muted',
  color: 'fg.muted',
  fontSize: 'sm',
  '&[data-dragging]': { borderColor: 'accent.default', bg: 'accent.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const progressTrack = css({ h: '2', w: 'full', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' });
const progressFill = css({ h: 'full', bg: 'accent.default', borderRadius: 'full', transition: 'width 0.2s' });
const busyBar = css({ h: 'full', w: '40%', bg: 'accent.default', borderRadius: 'full', animation: 'pulse 1.2s ease-in-out infinite' });
const fileLine = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', mt: '4', fontSize: 'sm' });
const checkboxRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '11',
  mt: '3',
  fontSize: 'sm',
  cursor: 'pointer',
  '& input': { w: '5', h: '5', accentColor: 'token(colors.accent.default)', cursor: 'pointer', flexShrink: 0 },
  '& input:focus-visible': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

/** The bulk upload dialog of one import; render it while open. */
export function BulkUploadDialog({ target, open, onClose }: { target: UploadTarget; open: boolean; onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const maxSize = useStore($uploadLimits).csv;
  const [rejection, setRejection] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  /** The current reading; a newer choice or closing the dialog makes older readings stale. */
  const reading = useRef(0);

  useEffect(() => {
    if (open) target.prepare();
    return () => {
      reading.current += 1;
    };
  }, [open, target]);

  const busy = stage.kind === 'uploading';

  async function chooseFile(file: File): Promise<void> {
    setRejection(null);
    setUploadError(null);
    setCreateMissing(false);
    const token = ++reading.current;
    setStage({ kind: 'reading', file, progress: 0 });
    try {
      const preview = await target.preview(file, (progress) => {
        if (reading.current === token) setStage({ kind: 'reading', file, progress });
      });
      if (reading.current === token) setStage({ kind: 'preview', file, preview });
    } catch {
      if (reading.current !== token) return;
      setStage({ kind: 'choose' });
      setRejection(`“${file.name}” could not be read as CSV. Check the file and choose it again.`);
    }
  }

  async function upload(): Promise<void> {
    if (stage.kind !== 'preview') return;
    const { file, preview } = stage;
    setUploadError(null);
    setStage({ kind: 'uploading', file, preview });
    try {
      const answer = await target.upload(file, { createMissing });
      const issues = uploadRowErrors(answer.errors);
      const imported = answer.imported ?? Math.max(0, preview.rowCount - new Set(issues.map((issue) => issue.row)).size);
      setStage({ kind: 'done', file, outcome: { detail: answer.detail ?? null, imported, issues, errorCount: answer.error_count ?? undefined } });
      toast.success(answer.detail || target.successFallback);
      if (imported > 0) target.imported(createMissing);
    } catch (error) {
      // A file refused part-way (a bad byte deep inside): earlier batches stay imported and the
      // answer says which rows; show that beside the reason and let the lists reload.
      const body = errorBody(error);
      const partly = typeof body?.['imported'] === 'number' && body['imported'] > 0;
      const reason = target.errorMessage(error);
      const detail = typeof body?.['detail'] === 'string' ? body['detail'] : '';
      const message = partly ? [...new Set([fieldErrors(error)['file'] ?? reason, detail])].filter(Boolean).join(' ') : reason;
      if (partly) target.imported(createMissing);
      setUploadError(message);
      setStage({ kind: 'preview', file, preview });
      toast.error(message);
    }
  }

  function startAgain(): void {
    reading.current += 1;
    // Names the last upload created were read again when it finished (the target's `imported`).
    setStage({ kind: 'choose' });
    setRejection(null);
    setUploadError(null);
    setCreateMissing(false);
  }

  const file = stage.kind === 'choose' ? null : stage.file;
  const preview = stage.kind === 'preview' || stage.kind === 'uploading' ? stage.preview : null;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={target.title}
      description={target.description}
      busy={busy}
      size="wide"
    >
      <div className={css({ position: 'relative' })} aria-busy={busy || stage.kind === 'reading'}>
        {stage.kind !== 'done' && (
          <FileUpload.Root
            accept=".csv"
            maxFiles={1}
            maxFileSize={maxSize}
            disabled={busy}
            acceptedFiles={file ? [file] : []}
            onFileAccept={(details) => {
              const chosen = details.files[0];
              if (!chosen) return;
              if (!isCsvName(chosen.name)) {
                setRejection(`“${chosen.name}” is not a CSV file. Only .csv files can be uploaded.`);
                return;
              }
              void chooseFile(chosen);
            }}
            onFileReject={(details) => {
              const rejected = details.files[0];
              if (!rejected) return;
              setRejection(
                details.files.length > 1 || rejected.errors.includes('TOO_MANY_FILES')
                  ? 'Choose one .csv file at a time.'
                  : rejected.errors.includes('FILE_TOO_LARGE')
                    ? `“${rejected.file.name}”: ${tooLargeMessage(maxSize)}`
                    : `“${rejected.file.name}” is not a CSV file. Only .csv files can be uploaded.`,
              );
            }}
          >
            <FileUpload.Label className={css({ srOnly: true })}>CSV file</FileUpload.Label>
            {!file ? (
              <FileUpload.Dropzone className={dropzone} aria-label="Drop a .csv file here, or choose one">
                <span>Drop a .csv file here, or</span>
                <FileUpload.Trigger asChild>
                  <Button variant="outline">Choose CSV file</Button>
                </FileUpload.Trigger>
                <span>Only .csv files, up to {describeBytes(maxSize)}; use {target.templateLabel} for the columns.</span>
              </FileUpload.Dropzone>
            ) : (
              <div className={fileLine}>
                <span title={file.name} aria-label={`Chosen file ${file.name}`} className={css({ fontWeight: 'semibold' })}>
                  {shortenFileName(file.name)}
                </span>
                <span className={css({ color: 'fg.muted' })}>{fileSize(file.size)}</span>
                <FileUpload.Trigger asChild>
                  <Button variant="outline" disabled={busy} className={css({ ml: 'auto' })}>
                    Choose another file
                  </Button>
                </FileUpload.Trigger>
              </div>
            )}
            <FileUpload.HiddenInput data-testid="bulk-upload-input" />
          </FileUpload.Root>
        )}

        {rejection && (
          <Alert tone="error" className={css({ mt: '3' })}>
            {rejection}
          </Alert>
        )}

        {stage.kind === 'reading' && (
          <div className={css({ mt: '4' })}>
            <LoadingState text="Loading..." />
            <div
              className={progressTrack}
              role="progressbar"
              aria-label="Reading the file"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(stage.progress * 100)}
            >
              <div className={progressFill} style={{ width: `${Math.round(stage.progress * 100)}%` }} />
            </div>
          </div>
        )}

        {preview && (
          <PreviewSummary
            target={target}
            preview={preview}
            nameOptions={
              target.createMissingLabel && (
                <label className={checkboxRow}>
                  <input type="checkbox" checked={createMissing} disabled={busy} onChange={(event) => setCreateMissing(event.target.checked)} />
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

        {busy && (
          <div className={css({ position: 'absolute', inset: '0', display: 'flex', flexDirection: 'column', justifyContent: 'center', borderRadius: 'md' })}>
            <LoadingState text="Uploading File..." overlay />
            <div className={css({ position: 'absolute', left: '6', right: '6', bottom: '6', zIndex: 11 })}>
              <div className={progressTrack} role="progressbar" aria-label="Uploading File..." aria-busy="true">
                <div className={busyBar} />
              </div>
            </div>
          </div>
        )}
      </div>

      <div className={dialogActions}>
        {stage.kind === 'done' ? (
          <>
            <Button variant="outline" onClick={startAgain}>
              Upload another file
            </Button>
            <Button onClick={onClose}>Close</Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              onClick={() => void upload()}
              disabled={!preview || !canUploadPreview(preview)}
              loading={busy}
              loadingText="Uploading File..."
            >
              Upload
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}

