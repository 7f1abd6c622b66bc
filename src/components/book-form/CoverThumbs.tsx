/** The cover thumbnails of the book form: the book's covers now, and each newly chosen image with its remove button. */
import { useEffect, useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { checkRow, focusable } from 'styled-system/recipes';
import { CloseIcon } from '../../components/ui/icons';
import { fileNameOfUrl, shortenFileName } from '../../lib/file-names';

export const thumbs = css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none', p: '0', m: '0' });
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
  '& svg': { w: '4', h: '4' },
});
const subLabel = css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'medium' });

export function NewCover({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li className={thumb}>
      <img src={url} alt={`New cover ${file.name}`} className={thumbImage} />
      <span className={thumbName} title={file.name}>
        {shortenFileName(file.name)}
      </span>
      <button type="button" className={cx(focusable(), removeButton)} onClick={onRemove} disabled={disabled} aria-label={`Remove ${file.name}`}>
        <CloseIcon aria-hidden="true" />
      </button>
    </li>
  );
}

/** The book's covers now, dimmed when "Remove all existing covers" is ticked. */
export function ExistingCovers({ existing, clearExisting, onClearExistingChange, disabled }: { existing: readonly string[]; clearExisting: boolean; onClearExistingChange: (clear: boolean) => void; disabled: boolean }) {
  return (
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
      <label className={cx(checkRow(), css({ fontWeight: 'normal' }))}>
        <input type="checkbox" checked={clearExisting} disabled={disabled} onChange={(event) => onClearExistingChange(event.target.checked)} />
        Remove all existing covers
      </label>
    </div>
  );
}
