/** How each series of a chart looks, shared by the legend (first paint) and the canvas (later). */

/** The theme's chart colours as CSS variables, in series order (`chart.1`… in src/theme). */
export const SERIES_COLORS = ['--colors-chart-1', '--colors-chart-2', '--colors-chart-3', '--colors-chart-4'] as const;

/** Line dashes per series, so lines differ by more than colour (solid, dashed, dotted, dash-dot). */
export const SERIES_DASHES: readonly number[][] = [[], [6, 4], [2, 3], [8, 3, 2, 3]];

/** A series' colour as a CSS value. */
export const seriesColor = (index: number): string => `var(${SERIES_COLORS[index % SERIES_COLORS.length]})`;

/** A series' dash as an SVG `stroke-dasharray` (undefined for solid). */
export const seriesDash = (index: number): string | undefined => {
  const dash = SERIES_DASHES[index % SERIES_DASHES.length]!;
  return dash.length ? dash.join(' ') : undefined;
};
