import { countFormat } from "./format.ts";
import {
  CHART_HEIGHT,
  CHART_MARGIN,
  CHART_WIDTH,
  type ChartGeometry,
  type ChartRow,
  type ChartSeries,
} from "./chart-geometry.ts";

/**
 * A chart's picture and its table of numbers written as markup strings, the same
 * elements and attributes React would write for them. A 90-day page has some 2,500
 * table cells and long paths: written by React they were most of the page's
 * rendering; as strings they are made once per kept figures (kept-for-figures.ts)
 * and React copies them out. Every text and attribute value is escaped here, as
 * event names and labels come from the team's data.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text or an attribute value made safe inside markup. */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The inside of the chart's <svg>: grid lines with y ticks, the thinned x labels, one path per series. */
export function chartPictureMarkup(geometry: ChartGeometry, labels: readonly string[]): string {
  let markup = "";
  for (const tick of geometry.yTicks)
    markup +=
      `<g><line x1="${CHART_MARGIN.left}" x2="${CHART_WIDTH - CHART_MARGIN.right}" y1="${tick.y}" y2="${tick.y}"` +
      ` stroke="currentColor" stroke-opacity="0.15"></line>` +
      `<text x="${CHART_MARGIN.left - 6}" y="${tick.y}" dy="0.32em" text-anchor="end" font-size="10" fill="currentColor">${tick.value}</text></g>`;
  for (const i of geometry.labelled)
    markup +=
      `<text x="${geometry.xs[i]}" y="${CHART_HEIGHT - 8}" text-anchor="middle" font-size="10" fill="currentColor">` +
      `${escapeMarkup(labels[i]!)}</text>`;
  for (const path of geometry.paths)
    markup += `<path d="${path.d}" fill="none" stroke="${escapeMarkup(path.color)}" stroke-width="2"></path>`;
  return markup;
}

/**
 * The inside of the numbers' <table>: a caption for screen readers, a header of the
 * series and a row per point headed by its label. The cells are styled from the table.
 */
export function chartNumbersMarkup(
  title: string,
  rows: readonly ChartRow[],
  labels: readonly string[],
  series: readonly ChartSeries[],
): string {
  const parts = [
    `<caption class="sr-only">${escapeMarkup(title)}</caption><thead class="text-muted-foreground"><tr>`,
    `<th scope="col" class="py-1 font-medium">When</th>`,
  ];
  for (const s of series)
    parts.push(`<th scope="col" class="py-1 text-right font-medium">${escapeMarkup(s.label)}</th>`);
  parts.push("</tr></thead><tbody>");
  rows.forEach((row, i) => {
    parts.push(`<tr><th scope="row">${escapeMarkup(labels[i]!)}</th>`);
    for (const s of series) parts.push(`<td>${countFormat.format(Number(row[s.key]))}</td>`);
    parts.push("</tr>");
  });
  parts.push("</tbody>");
  return parts.join("");
}
