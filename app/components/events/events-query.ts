// The Events page keeps its state in the URL (search, name, days, page), so a view
// can be bookmarked, exported as the same CSV and rendered without JavaScript.

export type EventsFilter = { q: string; name: string; from: string; to: string };
export type EventsQuery = EventsFilter & { cursor: string | null };

export const SEARCH_MAX_LENGTH = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;

function readDay(value: string | null): string {
  if (!value || !DAY.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  // "2026-02-31" matches the shape but is no day: dropped like any other bad value.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : "";
}

/** Reads the URL leniently: a hand-edited or stale parameter is left out, never an error page. */
export function readEventsQuery(params: URLSearchParams): EventsQuery {
  const cursor = params.get("cursor");
  let from = readDay(params.get("from"));
  let to = readDay(params.get("to"));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    name: (params.get("name") ?? "").slice(0, 200),
    from,
    to,
    cursor: cursor && CURSOR_SHAPE.test(cursor) ? cursor : null,
  };
}

function filterParams(filter: EventsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.name) params.set("name", filter.name);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  return params;
}

/** The Events page for these filters (and page); defaults are left out so URLs stay short. */
export function eventsHref(filter: EventsFilter, cursor?: string | null): string {
  const params = filterParams(filter);
  if (cursor) params.set("cursor", cursor);
  const search = params.toString();
  return search ? `/dashboard/events?${search}` : "/dashboard/events";
}

/** The CSV of every event these filters match. */
export function exportHref(filter: EventsFilter): string {
  const search = filterParams(filter).toString();
  return search ? `/dashboard/events/export.csv?${search}` : "/dashboard/events/export.csv";
}

export function isFiltered(filter: EventsFilter): boolean {
  return Boolean(filter.q || filter.name || filter.from || filter.to);
}
