/**
 * The profile's covers: the chosen one large, every cover below as a thumbnail button that shows
 * it large (aria-pressed marks the one shown). A neutral placeholder when the book has none.
 */
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { focusable } from 'styled-system/recipes';
import { BookCover } from '../../components/book/BookCover';

const thumbs = wrap({ gap: '2', mt: '3', listStyle: 'none', p: '0' });
const thumbButton = cx(
  focusable(),
  css({
  display: 'block',
  w: '12',
  p: '0',
  borderRadius: 'md',
  borderWidth: '2px',
  borderColor: 'transparent',
  bg: 'transparent',
  cursor: 'pointer',
  '&[aria-pressed=true]': { borderColor: 'accent.fg' },
  }),
);

export function CoverGallery({ title, covers }: { title: string; covers: string[] }) {
  const [shown, setShown] = useState(0);
  const current = covers[Math.min(shown, covers.length - 1)] ?? null;
  return (
    <div className={css({ w: 'full', maxW: { base: '11rem', md: 'none' }, mx: { base: 'auto', md: '0' } })}>
      <BookCover src={current} alt={covers.length ? `Cover of ${title}` : title} width={320} height={480} eager />
      {covers.length > 1 && (
        <ul className={thumbs} aria-label="Covers">
          {covers.map((url, index) => (
            <li key={url}>
              <button type="button" className={thumbButton} aria-pressed={index === shown} aria-label={`Show cover ${index + 1} of ${covers.length}`} onClick={() => setShown(index)}>
                <BookCover src={url} alt="" width={48} height={72} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
