/**
 * The Code 128 drawing read back by an independent decoder: each number drawn by `code128Svg`
 * (bwip-js) is turned into one scan line of bars, which ZXing's Code 128 reader decodes.
 */
import { BarcodeFormat, BitArray, Code128Reader, DecodeHintType } from '@zxing/library';
import { describe, expect, test } from 'vitest';
import { QUIET_ZONE_MODULES, code128DataUri, code128Svg } from '../../src/lib/barcode';

/** The bars of a drawn SVG as [from, to] in modules along the viewBox's x axis. */
function barsOf(svg: string): { width: number; bars: [number, number][] } {
  const viewBox = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!viewBox) throw new Error('no viewBox');
  const [x0, , width] = [Number(viewBox[1]), Number(viewBox[2]), Number(viewBox[3])];
  const bars: [number, number][] = [];
  for (const path of svg.matchAll(/<path[^>]*stroke-width="([\d.]+)"[^>]*d="([^"]+)"/g)) {
    const stroke = Number(path[1]);
    for (const move of path[2]!.matchAll(/M([\d.]+) [\d.]+L/g)) {
      const x = Number(move[1]);
      bars.push([x - stroke / 2 - x0, x + stroke / 2 - x0]);
    }
  }
  return { width, bars };
}

/** One scan line across the drawing: `pixels` per module, true where a bar is. */
function scanLine(svg: string, pixels = 3): BitArray {
  const { width, bars } = barsOf(svg);
  const row = new BitArray(Math.round(width * pixels));
  for (const [from, to] of bars) {
    for (let px = Math.round(from * pixels); px < Math.round(to * pixels); px++) row.set(px);
  }
  return row;
}

function decode(svg: string): string {
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]);
  return new Code128Reader().decodeRow(0, scanLine(svg), hints).getText();
}

describe('Code 128 barcodes', () => {
  test.each(['ACC-00042', 'ACC-00001', 'ACC-12345678', 'M-2026-0007', 'MEM00042', '42', 'lib/2024.b_7'])('draws %s and a decoder reads it back', (value) => {
    expect(decode(code128Svg(value, { widthMm: 60, heightMm: 12 }))).toBe(value);
  });

  test('is sized in millimetres, stretched to the box, with a quiet zone on each side', () => {
    const svg = code128Svg('ACC-00042', { widthMm: 48.5, heightMm: 10 });
    expect(svg).toContain('width="48.5mm"');
    expect(svg).toContain('height="10mm"');
    expect(svg).toContain('preserveAspectRatio="none"');
    const { width, bars } = barsOf(svg);
    const first = Math.min(...bars.map(([from]) => from));
    const last = Math.max(...bars.map(([, to]) => to));
    expect(first).toBeCloseTo(QUIET_ZONE_MODULES, 5);
    expect(width - last).toBeCloseTo(QUIET_ZONE_MODULES, 5);
  });

  test('the image source is the same drawing as a data URI', () => {
    const uri = code128DataUri('ACC-00042', { widthMm: 40, heightMm: 10 });
    expect(uri.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decode(decodeURIComponent(uri.slice(uri.indexOf(',') + 1)))).toBe('ACC-00042');
  });

  test('refuses what Code 128 cannot encode', () => {
    expect(() => code128Svg('', { widthMm: 40, heightMm: 10 })).toThrow();
    expect(() => code128Svg('ACC–0042 ünïcode', { widthMm: 40, heightMm: 10 })).toThrow();
  });
});
