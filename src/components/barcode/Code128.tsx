/**
 * A Code 128 barcode of a given size in millimetres, drawn by `lib/barcode` (bwip-js), whose code
 * loads on its own when the first barcode is drawn (never in a page's first-paint JavaScript). Until
 * it has arrived, and for a value Code 128 cannot hold, the box shows the value in type instead.
 */
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { lazyPart, useLazyPart } from '../ui/lazy-part';

const drawer = lazyPart(() => import('../../lib/barcode'));

/** Starts loading the drawing code (e.g. when a screen that will draw barcodes opens). */
export const loadBarcodes = (): Promise<unknown> => drawer.load();

const fallback = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', fontFamily: 'mono', fontSize: '8pt', overflow: 'hidden' });

export interface Code128Props {
  value: string;
  widthMm: number;
  heightMm: number;
  className?: string | undefined;
}

export function Code128({ value, widthMm, heightMm, className }: Code128Props) {
  const barcode = useLazyPart(drawer);
  const source = useMemo(() => {
    if (!barcode) return null;
    try {
      return barcode.code128DataUri(value, { widthMm, heightMm });
    } catch {
      return null;
    }
  }, [barcode, value, widthMm, heightMm]);
  const size = { width: `${widthMm}mm`, height: `${heightMm}mm` };
  if (!source) {
    return (
      <span className={cx(fallback, className)} style={size} role="img" aria-label={`Barcode ${value}`} aria-busy={!barcode}>
        {value}
      </span>
    );
  }
  return <img src={source} alt={`Barcode ${value}`} className={className} style={size} />;
}
