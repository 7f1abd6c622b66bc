/**
 * The data table's pagination bar: the range shown, rows per page, and first / previous / next /
 * last with "Page x of y". Plain buttons rather than Ark's numbered Pagination: with 100,000 rows
 * page numbers say little, and four fixed buttons never move under the pointer while paging.
 */
import { useId } from 'react';
import { cx } from 'styled-system/css';
import { button, input } from 'styled-system/recipes';
import { formatCount } from '#shared/numbers';
import { PAGE_SIZES, pageCount, showingText } from '../../lib/table-query';
import { FirstPageIcon, LastPageIcon, NextPageIcon, PreviousPageIcon } from '../ui/table-icons';
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
          <FirstPageIcon />
        </button>
        <button type="button" className={iconButton} aria-label="Previous page" disabled={disabled || atStart} onClick={() => go(page - 1)}>
          <PreviousPageIcon />
        </button>
        <span className={s.pageText}>
          {`Page\u00a0${formatCount(Math.min(page, pages))} of\u00a0${formatCount(pages)}`}
        </span>
        <button type="button" className={iconButton} aria-label="Next page" disabled={disabled || atEnd} onClick={() => go(page + 1)}>
          <NextPageIcon />
        </button>
        <button type="button" className={iconButton} aria-label="Last page" disabled={disabled || atEnd} onClick={() => go(pages)}>
          <LastPageIcon />
        </button>
      </div>
    </nav>
  );
}
