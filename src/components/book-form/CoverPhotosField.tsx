/**
 * Cover photos of the book form (Ark FileUpload, several images): newly chosen images show as
 * thumbnails with their shortened names and a remove button; on update the existing covers show
 * above them with "Remove all existing covers" (sent as `cover_photo_clear`). The server keeps at
 * most 10 covers, so the picker stops at what is left.
 */
import { FileUpload } from '@ark-ui/react/file-upload';
import { DropZone } from '../DropZone';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { field as fieldRecipe } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { dropzone } from '../../components/ui/dropzone';
import { IMAGE_MESSAGE, MAX_COVERS, isCoverImage } from '../../lib/book-form';
import { coverRefusal } from '../../lib/book-form-flow';
import { IMAGE_FILE_TYPES, acceptedMimeTypes, describeBytes, fileTypeNames } from '#shared/upload-rules';
import { $uploadLimits } from '../../stores/library-settings';
import { ExistingCovers, NewCover, thumbs } from './CoverThumbs';

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

const hint = css({ fontSize: 'sm', color: 'fg.muted' });

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
        const refusal = coverRefusal(details.files.flatMap((rejected) => rejected.errors), maxSize, { tooMany: `A book keeps at most ${MAX_COVERS} covers.`, notImage: IMAGE_MESSAGE });
        if (refusal) setRejection(refusal);
      }}
    >
      <FileUpload.Label className={classes.label}>Cover photos (optional)</FileUpload.Label>
      {existing.length > 0 && <ExistingCovers existing={existing} clearExisting={clearExisting} onClearExistingChange={onClearExistingChange} disabled={disabled} />}
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
      <DropZone
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
      </DropZone>
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
