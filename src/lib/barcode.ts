/**
 * Code 128 barcodes for spine labels and member cards, drawn by bwip-js (only its Code 128
 * encoder and SVG drawing are imported, so the bundle carries no other symbology). The drawing is
 * an SVG sized in millimetres with a quiet zone of ten modules on each side, so a scanner finds
 * the start of the code however close the label's edge is. This module is heavy (about 50 kB
 * gzip): screens load it with `import()` when they draw, never at first paint.
 */
import { code128, drawingSVG } from 'bwip-js/browser';

/** The box a barcode is stretched to, in millimetres. */
export interface BarcodeBox {
  widthMm: number;
  heightMm: number;
}

/** Blank modules kept on each side of the bars (the symbology asks for at least ten). */
export const QUIET_ZONE_MODULES = 10;

/** What a printed barcode may hold: printable ASCII (Latin-1 through FNC4 is read by too few scanners). */
export const BARCODE_TEXT = /^[\x20-\x7e]+$/;

const mm = (n: number): string => `${Math.round(n * 100) / 100}mm`;

/**
 * The value as a Code 128 SVG of `box`'s size (bars stretched to fill it). Throws for an empty
 * value or characters outside printable ASCII.
 */
export function code128Svg(value: string, box: BarcodeBox): string {
  if (!BARCODE_TEXT.test(value)) throw new Error('A barcode holds printable ASCII characters only.');
  // No text under the bars: the labels and cards print the number in their own type.
  const drawn = code128({ bcid: 'code128', text: value, scale: 1, height: 10, includetext: false }, drawingSVG());
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(drawn);
  if (!viewBox) throw new Error('Unexpected barcode drawing.');
  const width = Number(viewBox[1]) + 2 * QUIET_ZONE_MODULES;
  const attributes = [
    `viewBox="${-QUIET_ZONE_MODULES} 0 ${width} ${viewBox[2]}"`,
    `width="${mm(box.widthMm)}"`,
    `height="${mm(box.heightMm)}"`,
    'preserveAspectRatio="none"',
    'shape-rendering="crispEdges"',
  ].join(' ');
  return drawn.replace(/viewBox="[^"]*"/, attributes);
}

/** The same drawing as an image source (`<img src>`: no markup is injected into the page). */
export function code128DataUri(value: string, box: BarcodeBox): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(code128Svg(value, box))}`;
}
