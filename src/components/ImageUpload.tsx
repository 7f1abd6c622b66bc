/**
 * An image upload with preview on Ark FileUpload: pick or drop one image, see it at once, remove
 * it. The current server image shows until replaced or removed. The chosen file's name is shown
 * shortened to 8 characters (as every displayed file name), with the full name as its tooltip and accessible name.
 */
import { FileUpload } from '@ark-ui/react/file-upload';
import { DropZone } from './DropZone';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { field as fieldRecipe } from 'styled-system/recipes';
import { shortenFileName } from '../lib/file-names';
import { FORM_MESSAGES, imageTooLargeMessage, isImageFile, type FileChange } from '../lib/forms';
import { IMAGE_FILE_TYPES, acceptedMimeTypes, describeBytes, fileTypeNames, type FileType } from '#shared/upload-rules';
import { $uploadLimits } from '../stores/library-settings';
import { Button } from './ui/Button';

export interface ImageUploadProps {
  label: string;
  /** The image the server has now (absolute URL), or null. */
  currentUrl: string | null | undefined;
  value: FileChange;
  onChange: (change: FileChange) => void;
  /** Types accepted (PNG, JPEG and WebP by default; the favicon adds ICO). */
  types?: readonly FileType[];
  /** Which of the server's limits applies: 'image' (logo, photos) or 'cover' (category images). */
  limit?: 'image' | 'cover';
  helperText?: string;
  error?: string | undefined;
  disabled?: boolean;
  /** Round preview for profile photos. */
  round?: boolean;
}


const frame = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
const preview = css({
  w: '20',
  h: '20',
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  bg: 'bg.muted',
  borderWidth: '1px',
  borderColor: 'border.default',
  color: 'fg.muted',
  fontSize: 'xs',
  textAlign: 'center',
  '& img': { w: 'full', h: 'full', objectFit: 'contain' },
});
const dropzone = css({
  flex: '1',
  minW: '12rem',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  alignItems: 'flex-start',
  p: '3',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'md',
  '&[data-dragging]': { borderColor: 'accent.default', bg: 'accent.subtle' },
});
const fileName = css({ fontSize: 'sm', color: 'fg.muted' });

export function ImageUpload({
  label,
  currentUrl,
  value,
  onChange,
  types = IMAGE_FILE_TYPES,
  limit = 'image',
  helperText,
  error,
  disabled = false,
  round = false,
}: ImageUploadProps) {
  const classes = fieldRecipe();
  const maxSize = useStore($uploadLimits)[limit];
  const accept = useMemo(() => acceptedMimeTypes(types), [types]);
  const [rejection, setRejection] = useState<string | null>(null);
  const id = useId().replace(/:/g, '');
  const chosen = value.kind === 'replace' ? value.file : null;
  const objectUrl = useMemo(() => (chosen ? URL.createObjectURL(chosen) : null), [chosen]);
  useEffect(() => () => {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);

  const shown = objectUrl ?? (value.kind === 'keep' ? currentUrl ?? null : null);
  const message = error ?? rejection ?? undefined;
  const chooseText = shown ? 'Change image' : 'Choose image';

  return (
    <FileUpload.Root
      className={classes.root}
      accept={accept}
      maxFiles={1}
      maxFileSize={maxSize}
      disabled={disabled}
      acceptedFiles={chosen ? [chosen] : []}
      ids={{ hiddenInput: `upload-${id}` }}
      onFileAccept={(details) => {
        const file = details.files[0];
        if (!file) return;
        if (!isImageFile(file)) {
          setRejection(FORM_MESSAGES.imageRequired);
          return;
        }
        setRejection(null);
        onChange({ kind: 'replace', file });
      }}
      onFileReject={(details) => {
        const codes = details.files.flatMap((rejected) => rejected.errors);
        if (codes.length === 0) return;
        setRejection(codes.includes('FILE_TOO_LARGE') ? imageTooLargeMessage(describeBytes(maxSize)) : FORM_MESSAGES.imageRequired);
      }}
    >
      <FileUpload.Label className={classes.label}>{label}</FileUpload.Label>
      <div className={frame}>
        <div className={preview} style={{ borderRadius: round ? '9999px' : '8px' }}>
          {shown ? <img src={shown} alt={`${label} preview`} /> : <span>No image</span>}
        </div>
        <DropZone
          className={dropzone}
          aria-label={`${chooseText} (${label}), or drop one here`}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-help`}
        >
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <FileUpload.Trigger asChild>
              <Button variant="outline" disabled={disabled}>
                {chooseText}
              </Button>
            </FileUpload.Trigger>
            {shown && !disabled && (
              <Button
                variant="ghost"
                onClick={(event) => {
                  event.stopPropagation();
                  setRejection(null);
                  onChange(currentUrl ? { kind: 'clear' } : { kind: 'keep' });
                }}
              >
                Remove
              </Button>
            )}
          </div>
          {chosen ? (
            <span className={fileName} title={chosen.name} aria-label={`Chosen file ${chosen.name}`}>
              {shortenFileName(chosen.name)}
            </span>
          ) : value.kind === 'clear' ? (
            <span className={fileName}>Will be removed on save</span>
          ) : null}
        </DropZone>
      </div>
      <p id={`${id}-help`} className={message ? classes.errorText : classes.helperText} role={message ? 'alert' : undefined} style={message ? { display: 'block' } : undefined}>
        {message ?? helperText ?? `${fileTypeNames(types)}, up to ${describeBytes(maxSize)}.`}
      </p>
      <FileUpload.HiddenInput />
    </FileUpload.Root>
  );
}
