/** The scroll box of a table becomes a named, focusable region exactly while it scrolls. */
import { describe, expect, test } from 'vitest';
import { scrollRegionProps, scrollsInside, type BoxMeasures } from '../../../src/lib/scroll-region';

const box = (over: Partial<BoxMeasures>): BoxMeasures => ({ scrollWidth: 600, clientWidth: 600, scrollHeight: 300, clientHeight: 300, overflowX: 'auto', overflowY: 'auto', ...over });

describe('scrollsInside', () => {
  test.each([
    ['a table wider than its auto box', box({ scrollWidth: 900 }), true],
    ['a table taller than its scrolling box', box({ scrollHeight: 800, overflowY: 'scroll' }), true],
    ['a table that fits its box', box({}), false],
    ['a wide table in a box that lets it overflow (phone cards)', box({ scrollWidth: 900, overflowX: 'visible', overflowY: 'visible' }), false],
    ['a visually hidden table clipped by its box', box({ scrollWidth: 900, scrollHeight: 800, clientWidth: 1, clientHeight: 1, overflowX: 'hidden', overflowY: 'hidden' }), false],
  ])('%s: %s', (_what, measures, expected) => {
    expect(scrollsInside(measures)).toBe(expected);
  });
});

describe('scrollRegionProps', () => {
  test('names a scrolling box as a region in the tab order', () => {
    expect(scrollRegionProps(true, 'Pending fines')).toEqual({ tabIndex: 0, role: 'region', 'aria-label': 'Pending fines' });
  });

  test('leaves a box that does not scroll out of the tab order and unnamed', () => {
    expect(scrollRegionProps(false, 'Pending fines')).toEqual({});
  });
});
