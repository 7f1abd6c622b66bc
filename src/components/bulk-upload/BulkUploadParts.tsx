/** The bulk upload dialog's parts: the .csv chooser, the reading's progress, the uploading overlay and the buttons. */
import { FileUpload } from '@ark-ui/react/file-upload';
import { DropZone } from '../DropZone';
import { css, cx } from 'styled-system/css';
import { focusable, text } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { canUploadPreview } from '../../lib/csv-preview';
import { shortenFileName } from '../../lib/file-names';
import { describeBytes } from '#shared/upload-rules';
import { fileSize } from './UploadParts';
import type { BulkUploadFlow } from './use-bulk-upload';
import type { UploadTarget } from './upload-target';

const dropzone = cx(
  focusable(),
  css({
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
  }),
);
const progressTrack = css({ h: '2', w: 'full', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' });
const progressFill = css({ h: 'full', bg: 'accent.default', borderRadius: 'full', transition: 'width 0.2s' });
const busyBar = css({ h: 'full', w: '40%', bg: 'accent.default', borderRadius: 'full', animation: 'pulse 1.2s ease-in-out infinite' });
const fileLine = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', mt: '4', fontSize: 'sm' });
const overlay = css({ position: 'absolute', inset: '0', display: 'flex', flexDirection: 'column', justifyContent: 'center', borderRadius: 'md' });
const overlayBar = css({ position: 'absolute', left: '6', right: '6', bottom: '6', zIndex: 11 });

/** The .csv chooser: a drop zone until a file is chosen, then the file with "Choose another file". */
export function CsvFileChooser({ flow, target, maxSize }: { flow: BulkUploadFlow; target: UploadTarget; maxSize: number }) {
  const { file, busy } = flow;
  return (
    <FileUpload.Root
      accept=".csv"
      maxFiles={1}
      maxFileSize={maxSize}
      disabled={busy}
      acceptedFiles={file ? [file] : []}
      onFileAccept={(details) => flow.accept(details.files[0])}
      onFileReject={(details) => flow.refuse(details.files)}
    >
      <FileUpload.Label className={css({ srOnly: true })}>CSV file</FileUpload.Label>
      {!file ? (
        <DropZone className={dropzone} aria-label="Drop a .csv file here, or choose one">
          <span>Drop a .csv file here, or</span>
          <FileUpload.Trigger asChild>
            <Button variant="outline">Choose CSV file</Button>
          </FileUpload.Trigger>
          <span>Only .csv files, up to {describeBytes(maxSize)}; use {target.templateLabel} for the columns.</span>
        </DropZone>
      ) : (
        <div className={fileLine}>
          <span title={file.name} aria-label={`Chosen file ${file.name}`} className={text({ weight: 'semibold' })}>
            {shortenFileName(file.name)}
          </span>
          <span className={text({ tone: 'muted' })}>{fileSize(file.size)}</span>
          <FileUpload.Trigger asChild>
            <Button variant="outline" disabled={busy} className={css({ ml: 'auto' })}>
              Choose another file
            </Button>
          </FileUpload.Trigger>
        </div>
      )}
      <FileUpload.HiddenInput data-testid="bulk-upload-input" />
    </FileUpload.Root>
  );
}

/** The file being read in the browser, with how far it is. */
export function ReadingProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className={css({ mt: '4' })}>
      <LoadingState text="Loading..." />
      <div className={progressTrack} role="progressbar" aria-label="Reading the file" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className={progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** 'Uploading File...' over the dialog while the upload runs. */
export function UploadingOverlay() {
  return (
    <div className={overlay}>
      <LoadingState text="Uploading File..." overlay />
      <div className={overlayBar}>
        <div className={progressTrack} role="progressbar" aria-label="Uploading File..." aria-busy="true">
          <div className={busyBar} />
        </div>
      </div>
    </div>
  );
}

/** Cancel and Upload; after an upload, "Upload another file" and Close. */
export function BulkUploadActions({ flow, onClose }: { flow: BulkUploadFlow; onClose: () => void }) {
  const { stage, busy, preview } = flow;
  if (stage.kind === 'done')
    return (
      <>
        <Button variant="outline" onClick={flow.startAgain}>
          Upload another file
        </Button>
        <Button onClick={onClose}>Close</Button>
      </>
    );
  return (
    <>
      <Button variant="outline" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button onClick={() => void flow.upload()} disabled={!preview || !canUploadPreview(preview)} loading={busy} loadingText="Uploading File...">
        Upload
      </Button>
    </>
  );
}
