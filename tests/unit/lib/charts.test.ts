import { describe, expect, test } from 'vitest';
import {
  axisLabel,
  labelRoom,
  axisTick,
  bucketLabel,
  chartColumns,
  chartKinds,
  chartTableRows,
  formatChartValue,
  groupedBarLayout,
  isEmptyChart,
  isTimeBucket,
  pointHeader,
  plotValue,
  pointSummary,
} from '../../../src/lib/charts';
import type { ReportChart } from '#shared/schemas/reports';

const circulation: ReportChart = {
  key: 'circulation',
  title: 'Issued and returned',
  kind: 'line',
  series: [
    { key: 'issued', label: 'Issued', kind: 'count' },
    { key: 'returned', label: 'Returned', kind: 'count' },
  ],
  points: [
    { label: '2026-11-24', values: { issued: 5, returned: 3 } },
    { label: '2026-11-25', values: { issued: 1200, returned: 0 } },
  ],
};

const fines: ReportChart = {
  key: 'fines',
  title: 'Fines',
  kind: 'bar',
  series: [
    { key: 'imposed', label: 'Imposed', kind: 'money' },
    { key: 'collected', label: 'Collected', kind: 'money' },
  ],
  points: [{ label: 'Science', values: { imposed: '1250.50', collected: '0.10' } }],
};

describe('values', () => {
  test.each([
    [5, 'count', 5],
    ['7', 'count', 7],
    ['12.50', 'money', 12.5],
    ['0.1', 'money', 0.1],
    [1250, 'money', 1250],
    [null, 'count', null],
    ['', 'money', null],
    ['abc', 'money', null],
    ['abc', 'count', null],
  ] as const)('draws %j of kind %s as %j', (value, kind, expected) => {
    expect(plotValue(value, kind)).toBe(expected);
  });

  test.each([
    [1234, 'count', '1,234'],
    ['1250.5', 'money', 'Rs. 1,250.50'],
    [0, 'money', 'Rs. 0.00'],
    [null, 'count', '—'],
    [undefined, 'money', '—'],
  ] as const)('shows %j of kind %s as %j', (value, kind, expected) => {
    expect(formatChartValue(value, kind)).toBe(expected);
  });

  test.each([
    [1200, 'count', '1,200'],
    [2.5, 'count', ''],
    [1200, 'money', 'Rs. 1,200'],
    [0, 'money', 'Rs. 0'],
    [1250.4, 'money', 'Rs. 1,250'],
  ] as const)('labels the axis tick %j of kind %s as %j', (value, kind, expected) => {
    expect(axisTick(value, kind)).toBe(expected);
  });
});

describe('bucket labels', () => {
  test.each([
    ['2026-11-24', 'DD/MM/YYYY', '24/11/2026', '24/11'],
    ['2026-11-24', 'MM/DD/YYYY', '11/24/2026', '11/24'],
    ['2026-11-24', 'YYYY-MM-DD', '2026-11-24', '11-24'],
    ['2026-11-24', undefined, '24/11/2026', '24/11'],
    ['2026-11', 'DD/MM/YYYY', 'Nov 2026', 'Nov'],
    ['2026-W48', 'DD/MM/YYYY', 'Week 48, 2026', 'W48'],
    ['2026-W07', 'DD/MM/YYYY', 'Week 7, 2026', 'W7'],
    ['Science', 'DD/MM/YYYY', 'Science', 'Science'],
    ['Computer Science and Engineering', 'DD/MM/YYYY', 'Computer Science and Engineering', 'Computer\nScience and E…'],
    ['2026-13', 'DD/MM/YYYY', '2026-13', '2026-13'],
  ])('names %s (%s) as %j and on the axis %j', (label, format, full, short) => {
    expect(bucketLabel(label, format)).toBe(full);
    expect(axisLabel(label, format)).toBe(short);
  });
});

describe('category labels in narrow slots', () => {
  test.each([
    [200, 14],
    [98, 14],
    [70, 10],
    [40, 5],
    [5, 2],
  ])('a slot of %d px holds %d characters', (px, chars) => {
    expect(labelRoom(px)).toBe(chars);
  });

  test.each([
    ['Fiction and Literature', 14, 'Fiction and\nLiterature'],
    ['Computer Science', 14, 'Computer\nScience'],
    ['Philosophy', 6, 'Philos\nophy'],
    ['Children', 14, 'Children'],
  ])('a long category name %j wraps onto two lines of %d characters at its spaces', (label, room, lines) => {
    expect(axisLabel(label, 'DD/MM/YYYY', room)).toBe(lines);
  });

  test('a long title is cut to the room of two lines, a date bucket never', () => {
    expect(axisLabel('The Rise of the Industrial Revolution', 'DD/MM/YYYY', 6)).toBe('The\nRise…');
    expect(axisLabel('2026-11-24', 'DD/MM/YYYY', 3)).toBe('24/11');
    expect(axisLabel('Sea', 'DD/MM/YYYY', 6)).toBe('Sea');
  });
});

describe('chart columns', () => {
  test('puts one x position per point and one row per series, in the answer order', () => {
    expect(chartColumns(circulation)).toEqual({ labels: ['2026-11-24', '2026-11-25'], x: [0, 1], series: [[5, 1200], [3, 0]] });
  });

  test('leaves a gap where a point has no value for a series', () => {
    const chart = { ...circulation, points: [{ label: '2026-11-24', values: { issued: 2 } }] };
    expect(chartColumns(chart).series).toEqual([[2], [null]]);
  });

  test('draws money in rupees', () => {
    expect(chartColumns(fines).series).toEqual([[1250.5], [0.1]]);
  });

  test.each([
    ['no points', { ...circulation, points: [] }, true],
    ['no series', { ...circulation, series: [] }, true],
    ['only zeros and gaps', { ...circulation, points: [{ label: 'a', values: { issued: 0 } }, { label: 'b', values: { returned: '0' } }] }, true],
    ['one value', circulation, false],
  ])('calls a chart with %s empty: %s', (_, chart, empty) => {
    expect(isEmptyChart(chart)).toBe(empty);
  });

  test.each([
    [circulation, ['count']],
    [fines, ['money']],
    [{ ...fines, series: [...fines.series, { key: 'n', label: 'Fines', kind: 'count' as const }] }, ['count', 'money']],
  ])('gives one axis per value kind, counts first', (chart, kinds) => {
    expect(chartKinds(chart)).toEqual(kinds);
  });
});

describe('the data table behind a chart', () => {
  test('names each point and formats each value by its kind', () => {
    expect(chartTableRows(circulation, 'DD/MM/YYYY')).toEqual([
      { label: '24/11/2026', cells: ['5', '3'] },
      { label: '25/11/2026', cells: ['1,200', '0'] },
    ]);
    expect(chartTableRows(fines)).toEqual([{ label: 'Science', cells: ['Rs. 1,250.50', 'Rs. 0.10'] }]);
  });

  test('a hovered point reads as one line', () => {
    expect(pointSummary(circulation, 0, 'DD/MM/YYYY')).toBe('24/11/2026 — Issued: 5, Returned: 3');
    expect(pointSummary(circulation, 9)).toBeNull();
  });
});

describe('grouped bars', () => {
  test('centres each group in its slot and puts the series side by side', () => {
    const layout = groupedBarLayout(2, 2, 0.8);
    expect(layout.size).toBeCloseTo(0.2);
    const [first, second] = [layout.left(0), layout.left(1)];
    expect(first[0]).toBeCloseTo(0.05);
    expect(second[0]).toBeCloseTo(0.25);
    expect(first[1]).toBeCloseTo(0.55);
    expect(second[1]! + layout.size).toBeCloseTo(0.95);
  });

  test('a single series fills the group', () => {
    const layout = groupedBarLayout(4, 1, 0.5);
    expect(layout.size).toBeCloseTo(0.125);
    expect(layout.left(0)[0]).toBeCloseTo(0.0625);
  });
});

describe('what the points are', () => {
  test.each([
    ['2026-11-24', true],
    ['2026-W48', true],
    ['2026-11', true],
    ['Science', false],
    ['2026', false],
  ])('%s is a time bucket: %s', (label, expected) => {
    expect(isTimeBucket(label)).toBe(expected);
  });

  test('heads the data table Period for time buckets (bars too) and Category otherwise', () => {
    expect(pointHeader(circulation)).toBe('Period');
    expect(pointHeader({ ...circulation, kind: 'bar' })).toBe('Period');
    expect(pointHeader(fines)).toBe('Category');
  });
});
