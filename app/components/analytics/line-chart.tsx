import { memo, useState } from "react";
import { chartNumbersMarkup, chartPictureMarkup } from "./chart-markup.ts";
import { countFormat, formatBucket } from "./format.ts";
import { keepForFigures } from "./kept-for-figures.ts";
import {
  CHART_HEIGHT,
  CHART_MARGIN,
  CHART_WIDTH,
  type ChartGeometry,
  type ChartRow,
  type ChartSeries,
  chartGeometry,
  nearestRow,
} from "./chart-geometry.ts";

export type { ChartSeries } from "./chart-geometry.ts";

type Props<Row extends ChartRow> = {
  title: string;
  /** The x value of each row: a local date or an ISO hour, written in the team's zone. */
  xKey: keyof Row & string;
  timeZone: string;
  /**
   * The kept figures the rows are (or are derived from): the chart's labels, geometry
   * and markup are made once per figures object and reused while it is kept.
   */
  rows: readonly Row[];
  series: readonly ChartSeries[];
};

/** Everything of a chart that follows from its figures alone, so it is made once per kept figures. */
type ChartDrawing = { labels: string[]; geometry: ChartGeometry; picture: string; numbers: string };

function drawChart(
  title: string,
  xKey: string,
  timeZone: string,
  rows: readonly ChartRow[],
  series: readonly ChartSeries[],
): ChartDrawing {
  const labels = rows.map((row) => formatBucket(String(row[xKey]), timeZone));
  const geometry = chartGeometry(rows, series);
  return {
    labels,
    geometry,
    picture: chartPictureMarkup(geometry, labels),
    numbers: chartNumbersMarkup(title, rows, labels, series),
  };
}

/**
 * A line chart drawn on the server as SVG, so a page without JavaScript shows it too,
 * followed by a table of the same numbers for screen readers and anyone who wants the
 * figures. With JavaScript, hovering shows the values of the nearest point.
 *
 * The picture and the table are written as markup once per kept figures
 * (chart-markup.ts, kept-for-figures.ts): a request for figures already drawn copies
 * strings instead of rendering some 600 elements a chart. Hovering re-renders only
 * the overlay's line and tooltip.
 */
export function LineChart<Row extends ChartRow>({ title, xKey, timeZone, rows, series }: Props<Row>) {
  const [hovered, setHovered] = useState<number | null>(null);
  const drawingKey = [title, xKey, timeZone, ...series.map((s) => `${s.key}\u0001${s.label}\u0001${s.color}`)].join(
    "\u0000",
  );
  const { labels, geometry, picture, numbers } = keepForFigures(rows, drawingKey, () =>
    drawChart(title, xKey, timeZone, rows, series),
  );
  const point = hovered === null ? null : rows[hovered];
  return (
    <figure className="flex flex-col gap-2">
      <div
        className="relative"
        onMouseMove={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          setHovered(nearestRow(geometry, ((event.clientX - box.left) / box.width) * CHART_WIDTH));
        }}
        onMouseLeave={() => setHovered(null)}
      >
        <ChartPicture title={title} markup={picture} />
        {hovered !== null ? (
          <svg
            viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
            className="pointer-events-none absolute inset-0 h-auto w-full text-muted-foreground"
            aria-hidden
          >
            <line
              x1={geometry.xs[hovered]}
              x2={geometry.xs[hovered]}
              y1={CHART_MARGIN.top}
              y2={CHART_HEIGHT - CHART_MARGIN.bottom}
              stroke="currentColor"
              strokeOpacity={0.4}
            />
          </svg>
        ) : null}
        {point && hovered !== null ? (
          <div
            role="status"
            className="pointer-events-none absolute top-0 right-0 rounded border bg-popover px-2 py-1 text-xs shadow"
          >
            <div className="font-medium">{labels[hovered]}</div>
            {series.map((s) => (
              <div key={s.key}>
                {s.label}: {countFormat.format(Number(point[s.key]))}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      <figcaption className="flex flex-wrap gap-3 text-xs">
        {series.map((s) => (
          <span key={s.key} className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-2 w-3 rounded-sm" style={{ background: s.color }} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <ChartNumbers title={title} markup={numbers} />
    </figure>
  );
}

/** The chart itself: grid, y ticks, x labels and lines. Memoised, so hovering never redraws it. */
const ChartPicture = memo(function ChartPicture({ title, markup }: { title: string; markup: string }) {
  return (
    <svg
      viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
      className="h-auto w-full text-muted-foreground"
      role="img"
      aria-label={title}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
});

/** The chart's numbers as a table, folded away under a summary. Memoised like the picture. */
const ChartNumbers = memo(function ChartNumbers({ title, markup }: { title: string; markup: string }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">{title}: the numbers</summary>
      <table
        className="mt-2 w-full text-left [&_tbody_th]:py-1 [&_tbody_th]:font-normal [&_tbody_tr]:border-t [&_td]:py-1 [&_td]:text-right [&_td]:tabular-nums"
        dangerouslySetInnerHTML={{ __html: markup }}
      />
    </details>
  );
});
