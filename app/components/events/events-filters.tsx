import { Download, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { type EventsFilter, exportHref, isFiltered, SEARCH_MAX_LENGTH } from "./events-query.ts";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

/**
 * Search, event name and days as a GET form: the filters live in the URL and work
 * without JavaScript. Export downloads every event the same filters match.
 */
export function EventsFilters({ filter, names }: { filter: EventsFilter; names: string[] }) {
  return (
    <Form
      method="get"
      action="/dashboard/events"
      role="search"
      aria-label="Filter events"
      className="flex flex-wrap items-end gap-4"
    >
      <div className="flex min-w-56 flex-[2] flex-col gap-2">
        <label htmlFor="events-search" className="text-sm font-medium">
          Search events
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="events-search"
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Event name or user id"
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      <div className="flex min-w-44 flex-1 flex-col gap-2">
        <label htmlFor="events-name" className="text-sm font-medium">
          Event
        </label>
        <select id="events-name" name="name" defaultValue={filter.name} className={selectClass}>
          <option value="">All events</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="events-from" className="text-sm font-medium">
          From
        </label>
        <Input id="events-from" type="date" name="from" defaultValue={filter.from} className="w-40" />
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="events-to" className="text-sm font-medium">
          To
        </label>
        <Input id="events-to" type="date" name="to" defaultValue={filter.to} className="w-40" />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Filter</Button>
        {isFiltered(filter) ? (
          <Button variant="ghost" asChild>
            <Link to="/dashboard/events">Clear</Link>
          </Button>
        ) : null}
        <Button variant="outline" asChild>
          <Link to={exportHref(filter)} reloadDocument>
            <Download aria-hidden="true" />
            Export
          </Link>
        </Button>
      </div>
    </Form>
  );
}
