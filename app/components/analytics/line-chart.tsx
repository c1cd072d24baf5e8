import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import { useState } from "react";

export type ChartSeries = { key: string; label: string; color: string };

type Props<Row extends { [key: string]: string | number }> = {
  title: string;
  /** The x value of each row (a date or an ISO hour) and how to write it. */
  xKey: keyof Row & string;
  formatX: (value: string) => string;
  rows: readonly Row[];
  series: readonly ChartSeries[];
};

const WIDTH = 720;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 44 };

/**
 * A line chart drawn on the server as SVG (d3 computes the scales and paths as
 * plain strings), so a page without JavaScript shows it too, followed by a table of
 * the same numbers for screen readers and anyone who wants the figures. With
 * JavaScript, hovering shows the values of the nearest point.
 */
export function LineChart<Row extends { [key: string]: string | number }>({
  title,
  xKey,
  formatX,
  rows,
  series,
}: Props<Row>) {
  const [hovered, setHovered] = useState<number | null>(null);
  const xs = rows.map((row) => String(row[xKey]));
  const x = scalePoint<string>()
    .domain(xs)
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const values = rows.flatMap((row) => series.map((s) => Number(row[s.key])));
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(1, ...values)])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const everyNth = Math.max(1, Math.ceil(xs.length / 8));
  const path = (key: string) =>
    line<Row>()
      .x((row) => x(String(row[xKey])) ?? 0)
      .y((row) => y(Number(row[key])))(rows) ?? "";
  const nearest = (clientX: number, box: DOMRect) => {
    const at = ((clientX - box.left) / box.width) * WIDTH;
    const step = x.step() || 1;
    return Math.min(xs.length - 1, Math.max(0, Math.round((at - MARGIN.left) / step)));
  };
  const point = hovered === null ? null : rows[hovered];

  return (
    <figure className="flex flex-col gap-2">
      <div className="relative">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full text-muted-foreground"
          role="img"
          aria-label={title}
          onMouseMove={(event) => setHovered(nearest(event.clientX, event.currentTarget.getBoundingClientRect()))}
          onMouseLeave={() => setHovered(null)}
        >
          {y.ticks(4).map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={0.15}
              />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={10} fill="currentColor">
                {tick}
              </text>
            </g>
          ))}
          {xs.map((value, i) =>
            i % everyNth === 0 ? (
              <text key={value} x={x(value)} y={HEIGHT - 8} textAnchor="middle" fontSize={10} fill="currentColor">
                {formatX(value)}
              </text>
            ) : null,
          )}
          {series.map((s) => (
            <path key={s.key} d={path(s.key)} fill="none" stroke={s.color} strokeWidth={2} />
          ))}
          {hovered !== null ? (
            <line
              x1={x(xs[hovered]!)}
              x2={x(xs[hovered]!)}
              y1={MARGIN.top}
              y2={HEIGHT - MARGIN.bottom}
              stroke="currentColor"
              strokeOpacity={0.4}
            />
          ) : null}
        </svg>
        {point ? (
          <div
            role="status"
            className="pointer-events-none absolute top-0 right-0 rounded border bg-popover px-2 py-1 text-xs shadow"
          >
            <div className="font-medium">{formatX(String(point[xKey]))}</div>
            {series.map((s) => (
              <div key={s.key}>
                {s.label}: {Number(point[s.key]).toLocaleString("en-US")}
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
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">{title}: the numbers</summary>
        <table className="mt-2 w-full text-left">
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
            {rows.map((row) => (
              <tr key={String(row[xKey])} className="border-t">
                <th scope="row" className="py-1 font-normal">
                  {formatX(String(row[xKey]))}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1 text-right tabular-nums">
                    {Number(row[s.key]).toLocaleString("en-US")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
