import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";

export type ChartSeries = { key: string; label: string; color: string };
export type ChartRow = { [key: string]: string | number };

export const CHART_WIDTH = 720;
export const CHART_HEIGHT = 220;
export const CHART_MARGIN = { top: 12, right: 16, bottom: 28, left: 44 };

export type ChartGeometry = {
  /** The x position of each row, in viewBox units. */
  xs: number[];
  /** The distance between two neighbouring points (0 for a single point). */
  step: number;
  yTicks: { value: number; y: number }[];
  /** The rows whose x label is written under the axis (about eight of them). */
  labelled: number[];
  paths: { key: string; color: string; d: string }[];
};

/**
 * Where a line chart's points, ticks and lines go, computed once per chart: d3
 * gives the scales and path strings, and the hover overlay reuses the same x
 * positions instead of drawing the chart again.
 */
export function chartGeometry(rows: readonly ChartRow[], series: readonly ChartSeries[]): ChartGeometry {
  const keys = rows.map((row, i) => `${i}`);
  const x = scalePoint<string>()
    .domain(keys)
    .range([CHART_MARGIN.left, CHART_WIDTH - CHART_MARGIN.right]);
  let high = 1;
  let low = 0;
  for (const row of rows)
    for (const s of series) {
      const value = Number(row[s.key]);
      if (value > high) high = value;
      if (value < low) low = value;
    }
  const y = scaleLinear()
    .domain([low, high])
    .nice()
    .range([CHART_HEIGHT - CHART_MARGIN.bottom, CHART_MARGIN.top]);
  const xs = keys.map((key) => x(key) ?? 0);
  const everyNth = Math.max(1, Math.ceil(rows.length / 8));
  return {
    xs,
    step: x.step(),
    yTicks: y.ticks(4).map((value) => ({ value, y: y(value) })),
    labelled: xs.flatMap((_, i) => (i % everyNth === 0 ? [i] : [])),
    paths: series.map((s) => ({
      key: s.key,
      color: s.color,
      d:
        line<ChartRow>()
          .x((_, i) => xs[i]!)
          .y((row) => y(Number(row[s.key])))(rows) ?? "",
    })),
  };
}

/** The row nearest to a pointer at `at` (viewBox units along x). */
export function nearestRow(geometry: ChartGeometry, at: number): number {
  const step = geometry.step || 1;
  return Math.min(geometry.xs.length - 1, Math.max(0, Math.round((at - CHART_MARGIN.left) / step)));
}
