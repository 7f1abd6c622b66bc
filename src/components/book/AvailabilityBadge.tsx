/** A title's availability as a small pill (the rule lives in src/lib/catalogue-query.ts). */
import { css, cx } from 'styled-system/css';
import { availabilityBadge } from '../../lib/catalogue-query';
import type { Book } from '../../lib/schemas/books';

const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  borderWidth: '1px',
  whiteSpace: 'nowrap',
});

const TONES = {
  success: css({ bg: 'success.subtle', color: 'success.fg', borderColor: 'success.border' }),
  warning: css({ bg: 'bg.subtle', color: 'fg.default', borderColor: 'border.strong' }),
  danger: css({ bg: 'danger.subtle', color: 'danger.fg', borderColor: 'danger.border' }),
  neutral: css({ bg: 'bg.muted', color: 'fg.muted', borderColor: 'border.default' }),
} as const;

export function AvailabilityBadge({ book, className }: { book: Pick<Book, 'status' | 'available_copies'>; className?: string }) {
  const { label, tone } = availabilityBadge(book);
  return <span className={cx(base, TONES[tone], className)}>{label}</span>;
}
