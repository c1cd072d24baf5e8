import { memo, useMemo, useState } from "react";
import { countFormat } from "./format.ts";
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
  /** The x value of each row (a date or an ISO hour) and how to write it. */
  xKey: keyof Row & string;
  formatX: (value: string) => string;
  rows: readonly Row[];
  series: readonly ChartSeries[];
};

/**
 * A line chart drawn on the server as SVG (d3 computes the scales and paths as
 * plain strings), so a page without JavaScript shows it too, followed by a table of
 * the same numbers for screen readers and anyone who wants the figures. With
 * JavaScript, hovering shows the values of the nearest point.
 *
 * The chart and its table are made once (each x label written once, for the axis
 * and the table alike); hovering re-renders only the overlay's line and tooltip,
 * so a mouse move costs a few elements, not the whole chart.
 */
export function LineChart<Row extends ChartRow>({ title, xKey, formatX, rows, series }: Props<Row>) {
  const [hovered, setHovered] = useState<number | null>(null);
  const labels = useMemo(() => rows.map((row) => formatX(String(row[xKey]))), [rows, xKey, formatX]);
  const geometry = useMemo(() => chartGeometry(rows, series), [rows, series]);
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
        <ChartPicture title={title} geometry={geometry} labels={labels} />
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
      <ChartNumbers title={title} rows={rows} labels={labels} series={series} />
    </figure>
  );
}

/** The chart itself: grid, y ticks, x labels and lines. Memoised, so hovering never redraws it. */
const ChartPicture = memo(function ChartPicture({
  title,
  geometry,
  labels,
}: {
  title: string;
  geometry: ChartGeometry;
  labels: readonly string[];
}) {
  return (
    <svg
      viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
      className="h-auto w-full text-muted-foreground"
      role="img"
      aria-label={title}
    >
      {geometry.yTicks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={CHART_MARGIN.left}
            x2={CHART_WIDTH - CHART_MARGIN.right}
            y1={tick.y}
            y2={tick.y}
            stroke="currentColor"
            strokeOpacity={0.15}
          />
          <text x={CHART_MARGIN.left - 6} y={tick.y} dy="0.32em" textAnchor="end" fontSize={10} fill="currentColor">
            {tick.value}
          </text>
        </g>
      ))}
      {geometry.labelled.map((i) => (
        <text key={i} x={geometry.xs[i]} y={CHART_HEIGHT - 8} textAnchor="middle" fontSize={10} fill="currentColor">
          {labels[i]}
        </text>
      ))}
      {geometry.paths.map((path) => (
        <path key={path.key} d={path.d} fill="none" stroke={path.color} strokeWidth={2} />
      ))}
    </svg>
  );
});

/**
 * The chart's numbers as a table, folded away under a summary. Memoised like the
 * picture. The cells are styled from the table (a 90-day page has some 2,000 of
 * them), so each is written without attributes of its own.
 */
const ChartNumbers = memo(function ChartNumbers({
  title,
  rows,
  labels,
  series,
}: {
  title: string;
  rows: readonly ChartRow[];
  labels: readonly string[];
  series: readonly ChartSeries[];
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">{title}: the numbers</summary>
      <table className="mt-2 w-full text-left [&_tbody_th]:py-1 [&_tbody_th]:font-normal [&_tbody_tr]:border-t [&_td]:py-1 [&_td]:text-right [&_td]:tabular-nums">
        <caption className="sr-only">{title}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 font-medium">
              When
            </th>
            {series.map((s) => (
              <th key={s.key} scope="col" className="py-1 text-right font-medium">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">{labels[i]}</th>
              {series.map((s) => (
                <td key={s.key}>{countFormat.format(Number(row[s.key]))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
});
