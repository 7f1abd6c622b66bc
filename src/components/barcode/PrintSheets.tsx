/**
 * A4 sheets with boxes placed in millimetres (spine labels, member cards), drawn at their real size:
 * on screen as a preview (each sheet a white page with the boxes outlined, zoomed out on narrower
 * screens and scrolling sideways in its own frame if still too wide), and in the print copy (`SheetPrintCopy`) exactly where the sheet's
 * die-cut labels or cards are.
 */
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import type { Placed, SheetGrid } from '../../lib/labels';

const sheetClass = css({
  position: 'relative',
  w: '210mm',
  h: '297mm',
  flexShrink: 0,
  overflow: 'hidden',
  bg: 'white',
  color: 'black',
  breakAfter: 'page',
  _print: { '&:last-child': { breakAfter: 'auto' } },
});
const screenSheet = css({ boxShadow: 'md', borderWidth: '1px', borderColor: 'border.default' });
const boxClass = css({ position: 'absolute', overflow: 'hidden', boxSizing: 'border-box' });
const screenBox = css({ outline: '1px dashed', outlineColor: 'gray.400', outlineOffset: '-1px' });
const previewFrame = css({ position: 'relative', overflowX: 'auto', maxW: 'full', bg: 'bg.subtle', p: '4', borderRadius: 'md' });
// Narrow screens see the whole sheet smaller (zoom keeps the mm positions in proportion).
const previewStack = css({ display: 'flex', flexDirection: 'column', gap: '6', w: 'max-content', zoom: { base: '0.36', sm: '0.62', md: '0.8', xl: '1' } });

export interface PrintSheetsProps<T> {
  pages: readonly (readonly Placed<T>[])[];
  grid: SheetGrid;
  itemKey: (item: T) => string;
  render: (item: T) => ReactNode;
  /** What a sheet holds, for its accessible name ("Label sheet 1 of 3"). */
  noun: string;
  /** The on-screen preview (outlines, shadows, its own scrolling frame) or the print copy. */
  variant: 'screen' | 'print';
}

export function PrintSheets<T>({ pages, grid, itemKey, render, noun, variant }: PrintSheetsProps<T>) {
  const screen = variant === 'screen';
  const sheets = pages.map((page, index) => (
    <div key={index} className={cx(sheetClass, screen && screenSheet)} role={screen ? 'group' : undefined} aria-label={screen ? `${noun} ${index + 1} of ${pages.length}` : undefined}>
      {page.map((placed) => (
        <div
          key={itemKey(placed.item)}
          className={cx(boxClass, screen && screenBox)}
          style={{ left: `${placed.leftMm}mm`, top: `${placed.topMm}mm`, width: `${grid.widthMm}mm`, height: `${grid.heightMm}mm` }}
        >
          {render(placed.item)}
        </div>
      ))}
    </div>
  ));
  if (!screen) return <>{sheets}</>;
  return (
    <div className={previewFrame} tabIndex={0} role="region" aria-label={`${noun} preview`}>
      <div className={previewStack}>{sheets}</div>
    </div>
  );
}
