/**
 * The data table's pagination bar: the range shown, rows per page, and first / previous / next /
 * last with "Page x of y". Plain buttons rather than Ark's numbered Pagination: with 100,000 rows
 * page numbers say little, and four fixed buttons never move under the pointer while paging.
 */
import { useId } from 'react';
import { cx } from 'styled-system/css';
import { button, input } from 'styled-system/recipes';
import { PAGE_SIZES, formatCount, pageCount, showingText } from '../../lib/table-query';
import * as s from './styles';

export interface PaginationProps {
  page: number;
  pageSize: number;
  /** Rows in the whole result (the server's count). */
  count: number;
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** What the pages are of, for the navigation's name ('Books'). */
  label: string;
  disabled?: boolean;
}

const Glyph = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={d} />
  </svg>
);

export function Pagination({ page, pageSize, count, pageSizes = PAGE_SIZES, onPageChange, onPageSizeChange, label, disabled = false }: PaginationProps) {
  const sizeId = useId();
  const pages = pageCount(count, pageSize);
  const iconButton = button({ variant: 'ghost', size: 'icon' });
  const go = (target: number) => onPageChange(Math.min(Math.max(1, target), pages));
  const atStart = page <= 1;
  const atEnd = page >= pages;
  return (
    <nav className={s.paginationBar} aria-label={`${label} pages`}>
      <p aria-live="polite">{showingText(page, pageSize, count)}</p>
      <label className={s.pageSizeLabel} htmlFor={sizeId}>
        Rows per page
        <select
          id={sizeId}
          className={cx(input(), s.pageSizeSelect)}
          value={pageSize}
          disabled={disabled}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <div className={s.pageButtons}>
        <button type="button" className={iconButton} aria-label="First page" disabled={disabled || atStart} onClick={() => go(1)}>
          <Glyph d="m11 17-5-5 5-5M18 17l-5-5 5-5" />
        </button>
        <button type="button" className={iconButton} aria-label="Previous page" disabled={disabled || atStart} onClick={() => go(page - 1)}>
          <Glyph d="m15 18-6-6 6-6" />
        </button>
        <span className={s.pageText}>
          Page {formatCount(Math.min(page, pages))} of {formatCount(pages)}
        </span>
        <button type="button" className={iconButton} aria-label="Next page" disabled={disabled || atEnd} onClick={() => go(page + 1)}>
          <Glyph d="m9 18 6-6-6-6" />
        </button>
        <button type="button" className={iconButton} aria-label="Last page" disabled={disabled || atEnd} onClick={() => go(pages)}>
          <Glyph d="m13 17 5-5-5-5M6 17l5-5-5-5" />
        </button>
      </div>
    </nav>
  );
}
