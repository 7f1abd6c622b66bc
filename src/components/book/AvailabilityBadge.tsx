/** A title's availability as a status badge (the rule lives in src/lib/catalogue-query.ts). */
import { cx } from 'styled-system/css';
import { badge, type BadgeVariantProps } from 'styled-system/recipes';
import { availabilityBadge } from '../../lib/catalogue-query';
import type { Book } from '../../lib/schemas/books';

export function AvailabilityBadge({ book, size, className }: { book: Pick<Book, 'status' | 'available_copies'>; size?: BadgeVariantProps['size']; className?: string }) {
  const { label, tone } = availabilityBadge(book);
  return <span className={cx(badge({ tone, size }), className)}>{label}</span>;
}
