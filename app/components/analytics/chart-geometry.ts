import { scaleLinear } from "d3-scale";

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

/** A coordinate written to a tenth of a viewBox unit: finer is invisible, and longer to send. */
const coordinate = (value: number) => Math.round(value * 10) / 10;

/**
 * Where a line chart's points, ticks and lines go, computed once per chart. The
 * points are evenly spaced across the plot (one point is centred), and each line's
 * path is written in one pass over the rows: the charts of a 90-day page have
 * hundreds of points, and a generic scale and path builder per point cost more
 * than the arithmetic. d3 still gives the y scale's rounded domain and ticks. The
 * hover overlay reuses the same x positions instead of drawing the chart again.
 */
export function chartGeometry(rows: readonly ChartRow[], series: readonly ChartSeries[]): ChartGeometry {
  const left = CHART_MARGIN.left;
  const right = CHART_WIDTH - CHART_MARGIN.right;
  const step = (right - left) / Math.max(1, rows.length - 1);
  const xs = rows.length === 1 ? [(left + right) / 2] : rows.map((_, i) => left + step * i);
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
  const everyNth = Math.max(1, Math.ceil(rows.length / 8));
  const labelled: number[] = [];
  for (let i = 0; i < rows.length; i += everyNth) labelled.push(i);
  return {
    xs,
    step: rows.length === 1 ? right - left : step,
    yTicks: y.ticks(4).map((value) => ({ value, y: y(value) })),
    labelled,
    paths: series.map((s) => {
      let d = "";
      rows.forEach((row, i) => {
        d += `${i === 0 ? "M" : "L"}${coordinate(xs[i]!)},${coordinate(y(Number(row[s.key])))}`;
      });
      return { key: s.key, color: s.color, d };
    }),
  };
}

/** The row nearest to a pointer at `at` (viewBox units along x). */
export function nearestRow(geometry: ChartGeometry, at: number): number {
  const step = geometry.step || 1;
  return Math.min(geometry.xs.length - 1, Math.max(0, Math.round((at - CHART_MARGIN.left) / step)));
}
