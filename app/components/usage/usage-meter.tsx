import type { Metered } from "#server/usage/read-usage.ts";

const numberFormat = new Intl.NumberFormat("en-US");

/** Bytes in the largest unit that keeps a number of at least 1 (1,024 steps), one decimal. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${numberFormat.format(Math.round(value))} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * One figure of the Usage page: what is used, and, when the operator set a limit, of
 * how much, as text and as a bar (the bar repeats the text, so it is hidden from
 * screen readers).
 */
export function UsageMeter({
  label,
  metered,
  format = (value) => numberFormat.format(value),
}: {
  label: string;
  metered: Metered;
  format?: (value: number) => string;
}) {
  const { used, limit } = metered;
  const share = limit ? Math.min(used / limit, 1) : null;
  return (
    <div className="flex flex-col gap-1 rounded-lg border bg-card p-5 text-card-foreground shadow-sm">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{format(used)}</dd>
      <dd className="text-sm text-muted-foreground">
        {limit === null
          ? "No limit set"
          : `of ${format(limit)} (${Math.round((used / limit) * 100)}%)${used > limit ? ", over the limit" : ""}`}
      </dd>
      {share !== null ? (
        <dd aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-muted">
          <div
            className={share >= 1 ? "h-full bg-destructive" : "h-full bg-primary"}
            style={{ width: `${share * 100}%` }}
          />
        </dd>
      ) : null}
    </div>
  );
}
