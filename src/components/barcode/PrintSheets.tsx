/**
 * A4 sheets with boxes placed in millimetres (spine labels, member cards), drawn at their real size:
 * on screen as a preview (each sheet a white page with the boxes outlined, zoomed out to the frame's
 * width on narrower screens), and in the print copy (`SheetPrintCopy`) exactly where the sheet's
 * die-cut labels or cards are.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
const previewFrame = css({ position: 'relative', overflowX: 'auto', maxW: 'full', bg: 'bg.subtle', p: { base: '2', sm: '4' }, borderRadius: 'md' });
const previewStack = css({ display: 'flex', flexDirection: 'column', gap: '6', w: 'max-content' });

/** An A4 sheet's width in CSS pixels (210 mm at 96 px to the inch). */
const SHEET_PX = (210 / 25.4) * 96;

/**
 * The zoom that fits a whole sheet in the frame's width (at most 1), followed as the frame resizes.
 * CSS zoom keeps the mm positions in proportion and, unlike a transform, the layout's size too.
 */
function useFitZoom() {
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const fit = () => {
      const style = getComputedStyle(element);
      const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setZoom(Math.min(1, Math.floor((inner / SHEET_PX) * 100) / 100));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { frame, zoom };
}

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
  const { frame, zoom } = useFitZoom();
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
    <div ref={frame} className={previewFrame} tabIndex={0} role="region" aria-label={`${noun} preview`}>
      <div className={previewStack} style={{ zoom }}>
        {sheets}
      </div>
    </div>
  );
}
