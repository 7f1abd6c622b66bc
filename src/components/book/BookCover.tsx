/**
 * A book cover at a fixed 2:3 ratio, or a neutral placeholder with a book icon when there is none
 * or the image fails to load. Lazy and async-decoded unless `eager` (the profile's large cover).
 */
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { BookIcon } from '../ui/icons';

const frame = css({
  position: 'relative',
  aspectRatio: '2 / 3',
  w: 'full',
  overflow: 'hidden',
  borderRadius: 'md',
  bg: 'bg.muted',
  borderWidth: '1px',
  borderColor: 'border.default',
});
const image = css({ position: 'absolute', inset: '0', w: 'full', h: 'full', objectFit: 'cover' });
const placeholder = css({ position: 'absolute', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'fg.muted' });

export interface BookCoverProps {
  src: string | null | undefined;
  /** Alternative text; '' when the title is read next to the cover anyway. */
  alt: string;
  /** Intrinsic size hints so the layout does not jump while the image loads. */
  width?: number;
  height?: number;
  eager?: boolean;
  className?: string;
}

export function BookCover({ src, alt, width = 200, height = 300, eager = false, className }: BookCoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : null;
  return (
    <div className={cx(frame, className)}>
      {shown ? (
        <img
          src={shown}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={image}
          onError={() => setFailed(shown)}
        />
      ) : (
        <div className={placeholder} role={alt ? 'img' : undefined} aria-label={alt ? `${alt} (no cover)` : undefined}>
          <BookIcon width="40%" height="40%" strokeWidth={1.25} />
        </div>
      )}
    </div>
  );
}
