/**
 * The drawn part of a chart: uPlot on a canvas, loaded after the first paint (`ReportChart` loads
 * this module through `lazyPart`, so uPlot is in no page's first-load JavaScript). Colours, grid
 * and font are read from the theme's CSS variables when it draws, so it follows dark and light;
 * it is drawn again when the theme, the data or the date format change, and resized with its box.
 * Bars stand side by side per category; lines join time buckets. Hidden from screen readers: the
 * data table beside it says the same.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisLabel, axisTick, chartColumns, chartKinds, groupedBarLayout, labelRoom, type ChartValueKind } from '../../lib/charts';
import type { ReportChart } from '#shared/schemas/reports';
import { SERIES_COLORS, SERIES_DASHES } from './series-style';

export interface ChartCanvasProps {
  chart: ReportChart;
  dateFormat?: string | null;
  /** The active theme: a change draws again with its colours. */
  theme: string;
  height: number;
  /** The point under the pointer (null when it leaves). */
  onHover: (index: number | null) => void;
}

/** Reads a CSS variable of the page as it is now (the theme's value). */
function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Room for the y axis' longest tick ("Rs. 12,000" is wider than "1,200"). */
const AXIS_SIZE: Record<ChartValueKind, number> = { count: 48, money: 80 };

function options(chart: ReportChart, dateFormat: string | null | undefined, width: number, height: number, onHover: (index: number | null) => void): uPlot.Options {
  const { labels } = chartColumns(chart);
  const n = labels.length;
  const bars = chart.kind === 'bar';
  const kinds = chartKinds(chart);
  const muted = cssVar('--colors-fg-muted', 'gray');
  const grid = cssVar('--colors-border-default', 'gray');
  const font = `12px ${cssVar('--fonts-body', 'system-ui, sans-serif')}`;
  const layout = groupedBarLayout(n, chart.series.length);
  const colors = SERIES_COLORS.map((name) => cssVar(name, muted));
  // Every label when they fit (about 64 px each), else every second, third…
  const labelStep = (u: uPlot) => Math.max(1, Math.ceil(n / Math.max(1, Math.floor(u.bbox.width / uPlot.pxRatio / 64))));

  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 8 } },
    scales: {
      x: { time: false, range: bars || n === 1 ? [-0.5, n - 0.5] : [0, n - 1] },
      ...Object.fromEntries(kinds.map((kind) => [kind, { range: (_u: uPlot, _min: number, max: number) => uPlot.rangeNum(0, max > 0 ? max : 1, 0.1, true) }])),
    },
    axes: [
      {
        stroke: muted,
        font,
        // One line of labels (uPlot's default 50 px leaves a gap under them), or two when a long category name wraps.
        size: (_u, values) => (values?.some((value) => String(value).includes('\n')) ? 46 : 32),
        grid: { show: false },
        ticks: { stroke: grid, width: 1 },
        splits: () => labels.map((_, index) => index),
        values: (u, splits) => {
          const step = labelStep(u);
          // A category label gets the room of the slots up to the next shown label, so long titles never overlap.
          const room = labelRoom(((u.bbox.width / uPlot.pxRatio) / Math.max(1, n)) * step - 6);
          return splits.map((index) => (index % step === 0 ? axisLabel(labels[index] ?? '', dateFormat, room) : ''));
        },
      },
      ...kinds.map(
        (kind, index): uPlot.Axis => ({
          scale: kind,
          side: index === 0 ? 3 : 1,
          size: AXIS_SIZE[kind],
          stroke: muted,
          font,
          grid: { show: index === 0, stroke: grid, width: 1 },
          ticks: { show: false },
          incrs: kind === 'count' ? [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000] : undefined,
          values: (_u, splits) => splits.map((value) => axisTick(value, kind)),
        }),
      ),
    ],
    series: [
      {},
      ...chart.series.map((series, index): uPlot.Series => {
        const color = colors[index % colors.length]!;
        return bars
          ? {
              label: series.label,
              scale: series.kind,
              fill: color,
              stroke: color,
              width: 0,
              points: { show: false },
              paths: uPlot.paths.bars!({
                disp: {
                  x0: { unit: 2, values: () => layout.left(index) },
                  size: { unit: 2, values: () => [layout.size] },
                },
              }),
            }
          : {
              label: series.label,
              scale: series.kind,
              stroke: color,
              width: 2,
              dash: SERIES_DASHES[index % SERIES_DASHES.length],
              points: { show: n <= 31, size: 6, fill: color },
            };
      }),
    ],
    hooks: {
      setCursor: [(u) => onHover(typeof u.cursor.idx === 'number' ? u.cursor.idx : null)],
    },
  };
}

export default function ChartCanvas({ chart, dateFormat, theme, height, onHover }: ChartCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const hover = useRef(onHover);
  hover.current = onHover;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { x, series } = chartColumns(chart);
    const plot = new uPlot(options(chart, dateFormat, element.clientWidth, height, (index) => hover.current(index)), [x, ...series] as uPlot.AlignedData, element);
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== plot.width) plot.setSize({ width, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [chart, dateFormat, theme, height]);

  return <div ref={box} data-theme-drawn={theme} />;
}
