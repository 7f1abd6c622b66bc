/**
 * Charts of the dashboards and reports, pure: a `ReportChart` answer as the columns a canvas
 * chart draws (one x position per point, one row of numbers per series), its values as people
 * read them (counts grouped, money through money.ts), bucket labels in the library's date format,
 * and where grouped bars stand. Money is drawn as a plain number of rupees (a canvas needs
 * numbers), but every value a person reads is formatted from the wire's decimal string.
 */
import { formatDate, parseDate } from '#shared/dates';
import { formatAmount, formatMoney, toMinorUnits } from '#shared/money';
import { formatCount } from '#shared/numbers';
import type { ReportChart } from '#shared/schemas/reports';

export type ChartValueKind = ReportChart['series'][number]['kind'];
type Amount = string | number;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = /^(\d{4})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{1,2})$/;

/** A value as a number to draw: a count as is, money in rupees ("12.50" → 12.5); null when missing or not a number. */
export function plotValue(value: Amount | null | undefined, kind: ChartValueKind): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'money') {
    const minor = toMinorUnits(value);
    return minor === null ? null : minor / 100;
  }
  const count = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(count) ? count : null;
}

/** A value for people: "1,234" for a count, "Rs. 1,250.00" for money; "—" when missing. */
export function formatChartValue(value: Amount | null | undefined, kind: ChartValueKind): string {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'money') return formatAmount(value) ?? '—';
  const count = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(count) ? formatCount(count, 2) : String(value);
}

/** An axis tick: "1,200" for counts (whole ticks only, else empty), "Rs. 1,200" for money (no paisa). */
export function axisTick(value: number, kind: ChartValueKind): string {
  if (kind === 'money') return formatMoney(Math.round(value) * 100).replace(/\.00$/, '');
  return Number.isInteger(value) ? formatCount(value, 2) : '';
}

/**
 * A bucket or category label for people: a date (`2026-11-24`) in the library's format, a month
 * (`2026-11`) as "Nov 2026", an ISO week (`2026-W48`) as "Week 48, 2026"; anything else (a
 * category's name) as it is.
 */
export function bucketLabel(label: string, dateFormat?: string | null): string {
  if (parseDate(label) && label.length === 10) return formatDate(label, dateFormat) ?? label;
  const month = MONTH.exec(label);
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) return `${MONTHS[Number(month[2]) - 1]} ${month[1]}`;
  const week = WEEK.exec(label);
  if (week) return `Week ${Number(week[2])}, ${week[1]}`;
  return label;
}

/** Cuts a line to `room` characters, ending in "…" when something was left off. */
const cut = (line: string, room: number): string => (line.length > room ? `${line.slice(0, room - 1).trimEnd()}…` : line);

/**
 * A category name on two lines of `room` characters each (joined by "\n", which uPlot draws as
 * lines): broken at a space when the first word fits, cut with "…" only when two lines cannot hold it.
 */
function wrapLabel(label: string, room: number): string {
  if (label.length <= room) return label;
  const words = label.split(/\s+/);
  let first = words.shift() ?? '';
  if (first.length > room) return `${first.slice(0, room)}\n${cut([first.slice(room), ...words].join(' '), room)}`;
  while (words.length > 0 && `${first} ${words[0]}`.length <= room) first = `${first} ${words.shift()}`;
  return words.length > 0 ? `${first}\n${cut(words.join(' '), room)}` : first;
}

/**
 * The same label short enough for an axis: a date without its year (in the format's order:
 * "24/11", "11/24", "11-24"), a month as "Nov", a week as "W48"; a category wrapped onto two
 * lines of `maxChars` characters (14 unless the room each label has says fewer), cut with "…"
 * only past them (the readout under the pointer and the table behind the chart name it whole).
 */
export function axisLabel(label: string, dateFormat?: string | null, maxChars = 14): string {
  if (parseDate(label) && label.length === 10) {
    const [, month, day] = label.split('-') as [string, string, string];
    if (dateFormat === 'YYYY-MM-DD') return `${month}-${day}`;
    return dateFormat === 'MM/DD/YYYY' ? `${month}/${day}` : `${day}/${month}`;
  }
  const month = MONTH.exec(label);
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) return MONTHS[Number(month[2]) - 1]!;
  const week = WEEK.exec(label);
  if (week) return `W${Number(week[2])}`;
  return wrapLabel(label, Math.max(2, Math.floor(maxChars)));
}

/** How many characters of an axis label fit a slot this many CSS pixels wide (about 7 px a character at 12 px). */
export function labelRoom(slotPx: number): number {
  return Math.min(14, Math.max(2, Math.floor(slotPx / 7)));
}

/** The columns a chart draws: x positions 0…n-1 (one per point, in the answer's order) and a row of numbers per series. */
export interface ChartColumns {
  labels: string[];
  x: number[];
  series: (number | null)[][];
}

/** Whether a label names a time bucket (a day, an ISO week or a month) rather than a category. */
export function isTimeBucket(label: string): boolean {
  return (parseDate(label) !== null && label.length === 10) || MONTH.test(label) || WEEK.test(label);
}

/** The data table's first header: "Period" when the points are time buckets, else "Category". */
export const pointHeader = (chart: ReportChart): 'Period' | 'Category' => (chart.points.length > 0 && chart.points.every((point) => isTimeBucket(point.label)) ? 'Period' : 'Category');

/** A chart answer as the columns to draw. */
export function chartColumns(chart: ReportChart): ChartColumns {
  return {
    labels: chart.points.map((point) => point.label),
    x: chart.points.map((_, index) => index),
    series: chart.series.map((series) => chart.points.map((point) => plotValue(point.values[series.key], series.kind))),
  };
}

/** Whether a chart has nothing to show: no series, no points, or nothing but zeros and gaps. */
export function isEmptyChart(chart: ReportChart): boolean {
  if (chart.series.length === 0 || chart.points.length === 0) return true;
  return chartColumns(chart).series.every((row) => row.every((value) => value === null || value === 0));
}

/** The value kinds a chart's series use, counts first: one y axis per kind (left, then right). */
export function chartKinds(chart: ReportChart): ChartValueKind[] {
  const kinds = new Set(chart.series.map((series) => series.kind));
  return (['count', 'money'] as const).filter((kind) => kinds.has(kind));
}

/** The rows of a chart's data table: a point's label and each series' value, formatted. */
export function chartTableRows(chart: ReportChart, dateFormat?: string | null): { label: string; cells: string[] }[] {
  return chart.points.map((point) => ({
    label: bucketLabel(point.label, dateFormat),
    cells: chart.series.map((series) => formatChartValue(point.values[series.key], series.kind)),
  }));
}

/**
 * Grouped bars: each point's slot is 1/n of the plot's width (the x scale runs from -0.5 to
 * n-0.5); the group fills `fill` of its slot and each series takes an equal part of it. Answers
 * fractions of the plot's width: every bar's width, and each series' left edges.
 */
export function groupedBarLayout(pointCount: number, seriesCount: number, fill = 0.7): { size: number; left: (seriesIndex: number) => number[] } {
  const slot = pointCount > 0 ? 1 / pointCount : 1;
  const group = slot * fill;
  const size = seriesCount > 0 ? group / seriesCount : group;
  return {
    size,
    left: (seriesIndex) => Array.from({ length: pointCount }, (_, point) => (point + 0.5) * slot - group / 2 + seriesIndex * size),
  };
}

/** What a hover says about one point: "24/11/2026 — Issued: 5, Returned: 3". */
export function pointSummary(chart: ReportChart, index: number, dateFormat?: string | null): string | null {
  const point = chart.points[index];
  if (!point) return null;
  const values = chart.series.map((series) => `${series.label}: ${formatChartValue(point.values[series.key], series.kind)}`);
  return `${bucketLabel(point.label, dateFormat)} — ${values.join(', ')}`;
}
