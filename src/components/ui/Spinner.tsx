/** Busy indicators: an inline spinner and a full-area overlay with the specification's texts. */
import { css, cx } from 'styled-system/css';
import { spinner, text as textRecipe, type SpinnerVariantProps } from 'styled-system/recipes';

/** The loading overlays' texts, as the specification spells them. */
export type LoadingText = 'Loading...' | 'Sending Request...' | 'Submitting...' | 'Uploading File...';

/** A decorative spinning ring; pair it with visible or screen-reader text. */
export function Spinner({ className, ...variants }: SpinnerVariantProps & { className?: string }) {
  return <span className={cx(spinner(variants), className)} aria-hidden="true" />;
}

/** A spinner with its text, announced politely; `overlay` covers the nearest positioned parent. */
export function LoadingState({ text = 'Loading...', overlay = false }: { text?: LoadingText | (string & {}); overlay?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx(
        css({
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '3',
          py: '10',
          color: 'fg.muted',
          fontSize: 'sm',
        }),
        overlay &&
          css({
            position: 'absolute',
            inset: '0',
            zIndex: 10,
            py: '0',
            bg: 'bg.overlay',
            color: 'fg.default',
            borderRadius: 'inherit',
            backdropFilter: 'blur(1px)',
          }),
      )}
    >
      <Spinner size="lg" className={textRecipe({ tone: 'accent' })} />
      <span>{text}</span>
    </div>
  );
}
