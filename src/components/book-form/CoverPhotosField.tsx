/**
 * Cover photos of the book form (Ark FileUpload, several images): newly chosen images show as
 * thumbnails with their shortened names and a remove button; on update the existing covers show
 * above them with "Remove all existing covers" (sent as `cover_photo_clear`). The server keeps at
 * most 10 covers, so the picker stops at what is left.
 */
import { FileUpload } from '@ark-ui/react/file-upload';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { field as fieldRecipe } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { CloseIcon } from '../../components/ui/icons';
import { dropzone } from '../../components/ui/dropzone';
import { IMAGE_MESSAGE, MAX_COVERS, isCoverImage } from '../../lib/book-form';
import { fileNameOfUrl, shortenFileName } from '../../lib/file-names';
import { IMAGE_FILE_TYPES, acceptedMimeTypes, describeBytes, fileTypeNames, tooLargeMessage } from '#shared/upload-rules';
import { $uploadLimits } from '../../stores/library-settings';

const COVER_TYPES = acceptedMimeTypes(IMAGE_FILE_TYPES);

export interface CoverPhotosFieldProps {
  /** Covers the book has now (absolute URLs); empty on add. */
  existing: readonly string[];
  covers: File[];
  onCoversChange: (covers: File[]) => void;
  clearExisting: boolean;
  onClearExistingChange: (clear: boolean) => void;
  /** A server error for `cover_photo`. */
  error?: string | undefined;
  disabled?: boolean;
}

const thumbs = css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none', p: '0', m: '0' });
const thumb = css({ position: 'relative', w: '24', display: 'flex', flexDirection: 'column', gap: '1' });
const thumbImage = css({
  w: '24',
  h: '32',
  objectFit: 'cover',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.muted',
});
const removed = css({ opacity: 0.35 });
const thumbName = css({ fontSize: 'xs', color: 'fg.muted', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
const removeButton = css({
  position: 'absolute',
  top: '1',
  right: '1',
  w: '8',
  h: '8',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'full',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.strong',
  cursor: 'pointer',
  // A 44 px hit area around the 32 px circle.
  _before: { content: '""', position: 'absolute', inset: '-6px' },
  _hover: { bg: 'danger.subtle', color: 'danger.fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& svg': { w: '4', h: '4' },
});
const hint = css({ fontSize: 'sm', color: 'fg.muted' });
const checkRow = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minH: '11',
  cursor: 'pointer',
  fontSize: 'sm',
  '& input': { w: '5', h: '5', accentColor: 'var(--colors-accent-default)', cursor: 'pointer' },
  '& input:focus-visible': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const subLabel = css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'medium' });

function NewCover({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li className={thumb}>
      <img src={url} alt={`New cover ${file.name}`} className={thumbImage} />
      <span className={thumbName} title={file.name}>
        {shortenFileName(file.name)}
      </span>
      <button type="button" className={removeButton} onClick={onRemove} disabled={disabled} aria-label={`Remove ${file.name}`}>
        <CloseIcon aria-hidden="true" />
      </button>
    </li>
  );
}

export function CoverPhotosField({
  existing,
  covers,
  onCoversChange,
  clearExisting,
  onClearExistingChange,
  error,
  disabled = false,
}: CoverPhotosFieldProps) {
  const classes = fieldRecipe();
  const maxSize = useStore($uploadLimits).cover;
  const [rejection, setRejection] = useState<string | null>(null);
  const kept = clearExisting ? 0 : existing.length;
  const room = Math.max(0, MAX_COVERS - kept);
  const message = error ?? rejection ?? undefined;
  const full = covers.length >= room;
  const chooseText = covers.length > 0 ? 'Add more images' : 'Choose images';

  return (
    <FileUpload.Root
      className={classes.root}
      accept={COVER_TYPES}
      maxFiles={Math.max(room, 1)}
      maxFileSize={maxSize}
      disabled={disabled || room === 0}
      acceptedFiles={covers}
      ids={{ hiddenInput: 'book-cover-photos' }}
      onFileChange={(details) => {
        const images = details.acceptedFiles.filter(isCoverImage);
        if (images.length !== details.acceptedFiles.length) setRejection(IMAGE_MESSAGE);
        else if (details.rejectedFiles.length === 0) setRejection(null);
        onCoversChange(images.slice(0, room));
      }}
      onFileReject={(details) => {
        const codes = details.files.flatMap((rejected) => rejected.errors);
        if (codes.length === 0) return;
        if (codes.includes('TOO_MANY_FILES')) setRejection(`A book keeps at most ${MAX_COVERS} covers.`);
        else if (codes.includes('FILE_TOO_LARGE')) setRejection(tooLargeMessage(maxSize));
        else setRejection(IMAGE_MESSAGE);
      }}
    >
      <FileUpload.Label className={classes.label}>Cover photos (optional)</FileUpload.Label>
      {existing.length > 0 && (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <span className={subLabel}>Current covers</span>
          <ul className={thumbs}>
            {existing.map((url, index) => (
              <li key={url} className={thumb}>
                <img src={url} alt={`Current cover ${index + 1}`} className={cx(thumbImage, clearExisting && removed)} />
                <span className={thumbName} title={fileNameOfUrl(url)}>
                  {clearExisting ? 'Removed' : shortenFileName(fileNameOfUrl(url))}
                </span>
              </li>
            ))}
          </ul>
          <label className={checkRow}>
            <input type="checkbox" checked={clearExisting} disabled={disabled} onChange={(event) => onClearExistingChange(event.target.checked)} />
            Remove all existing covers
          </label>
        </div>
      )}
      {covers.length > 0 && (
        <ul className={thumbs} aria-label="New covers">
          {covers.map((file, index) => (
            <NewCover
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              disabled={disabled}
              onRemove={() => {
                setRejection(null);
                onCoversChange(covers.filter((_, at) => at !== index));
              }}
            />
          ))}
        </ul>
      )}
      <FileUpload.Dropzone
        className={dropzone}
        aria-label={`${chooseText} (cover photos), or drop them here`}
        aria-invalid={message ? true : undefined}
        aria-describedby="book-cover-photos-help"
      >
        <FileUpload.Trigger asChild>
          <Button variant="outline" disabled={disabled || full}>
            {chooseText}
          </Button>
        </FileUpload.Trigger>
        <span className={hint}>or drop them here</span>
      </FileUpload.Dropzone>
      <p
        id="book-cover-photos-help"
        className={message ? classes.errorText : classes.helperText}
        role={message ? 'alert' : undefined}
        style={message ? { display: 'block' } : undefined}
      >
        {message ?? `${fileTypeNames(IMAGE_FILE_TYPES)}, up to ${describeBytes(maxSize)} each; ${Math.max(0, room - covers.length)} of ${MAX_COVERS} cover places left.`}
      </p>
      <FileUpload.HiddenInput />
    </FileUpload.Root>
  );
}
