/**
 * The e-book of the book form: one PDF (`accept="application/pdf"`, and the chosen file's type is
 * checked here too: 'Upload a valid PDF file.'; the server checks the content). On update the
 * current e-book shows with a remove option (`ebook_file_clear`); a newly chosen file replaces it.
 */
import { FileUpload } from '@ark-ui/react/file-upload';
import { DropZone } from '../DropZone';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { field as fieldRecipe } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { dropzone } from '../../components/ui/dropzone';
import { PDF_MESSAGE, isPdfFile } from '../../lib/book-form';
import { fileNameOfUrl, shortenFileName } from '../../lib/file-names';
import type { FileChange } from '../../lib/forms';
import { EBOOK_FILE_TYPES, acceptedMimeTypes, describeBytes, fileTypeNames, tooLargeMessage } from '#shared/upload-rules';
import { $uploadLimits } from '../../stores/library-settings';

export interface EbookFieldProps {
  /** The e-book the book has now (URL), or null. */
  currentUrl: string | null | undefined;
  value: FileChange;
  onChange: (change: FileChange) => void;
  error?: string | undefined;
  disabled?: boolean;
}

const fileText = css({ fontSize: 'sm', color: 'fg.default', flex: '1', minW: '0', overflowWrap: 'anywhere' });
const muted = css({ color: 'fg.muted' });

export function EbookField({ currentUrl, value, onChange, error, disabled = false }: EbookFieldProps) {
  const classes = fieldRecipe();
  const maxSize = useStore($uploadLimits).ebook;
  const [rejection, setRejection] = useState<string | null>(null);
  const chosen = value.kind === 'replace' ? value.file : null;
  const currentName = currentUrl ? fileNameOfUrl(currentUrl) : null;
  const message = error ?? rejection ?? undefined;
  const chooseText = chosen || (currentName && value.kind === 'keep') ? 'Replace PDF' : 'Choose PDF';

  let status;
  if (chosen) {
    status = (
      <span className={fileText} title={chosen.name}>
        <span className={muted}>Chosen: </span>
        {shortenFileName(chosen.name)}
      </span>
    );
  } else if (currentName && value.kind === 'keep') {
    status = (
      <span className={fileText} title={currentName}>
        <span className={muted}>Current: </span>
        {shortenFileName(currentName)}
      </span>
    );
  } else if (currentName && value.kind === 'clear') {
    status = <span className={fileText}>The current e-book will be removed on update.</span>;
  } else {
    status = <span className={`${fileText} ${muted}`}>No e-book</span>;
  }

  return (
    <FileUpload.Root
      className={classes.root}
      accept={acceptedMimeTypes(EBOOK_FILE_TYPES)}
      maxFiles={1}
      maxFileSize={maxSize}
      disabled={disabled}
      acceptedFiles={chosen ? [chosen] : []}
      ids={{ hiddenInput: 'book-ebook-file' }}
      onFileAccept={(details) => {
        const file = details.files[0];
        if (!file) return;
        if (!isPdfFile(file)) {
          setRejection(PDF_MESSAGE);
          return;
        }
        setRejection(null);
        onChange({ kind: 'replace', file });
      }}
      onFileReject={(details) => {
        const codes = details.files.flatMap((rejected) => rejected.errors);
        if (codes.length === 0) return;
        setRejection(codes.includes('FILE_TOO_LARGE') ? tooLargeMessage(maxSize) : PDF_MESSAGE);
      }}
    >
      <FileUpload.Label className={classes.label}>E-book (PDF, optional)</FileUpload.Label>
      <DropZone
        className={dropzone}
        aria-label={`${chooseText} (e-book), or drop one here`}
        aria-invalid={message ? true : undefined}
        aria-describedby="book-ebook-file-help"
      >
        {status}
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <FileUpload.Trigger asChild>
            <Button variant="outline" disabled={disabled}>
              {chooseText}
            </Button>
          </FileUpload.Trigger>
          {chosen && (
            <Button
              variant="ghost"
              disabled={disabled}
              onClick={(event) => {
                event.stopPropagation();
                setRejection(null);
                onChange({ kind: 'keep' });
              }}
            >
              Remove chosen PDF
            </Button>
          )}
          {!chosen && currentName && (
            <Button
              variant="ghost"
              disabled={disabled}
              onClick={(event) => {
                event.stopPropagation();
                onChange(value.kind === 'clear' ? { kind: 'keep' } : { kind: 'clear' });
              }}
            >
              {value.kind === 'clear' ? 'Keep current e-book' : 'Remove e-book'}
            </Button>
          )}
        </div>
      </DropZone>
      <p
        id="book-ebook-file-help"
        className={message ? classes.errorText : classes.helperText}
        role={message ? 'alert' : undefined}
        style={message ? { display: 'block' } : undefined}
      >
        {message ?? `${fileTypeNames(EBOOK_FILE_TYPES)} only, up to ${describeBytes(maxSize)}.`}
      </p>
      <FileUpload.HiddenInput />
    </FileUpload.Root>
  );
}
