import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { Input } from "#app/components/ui/input.tsx";
import { Search } from "#app/components/ui/icons.ts";
import { SEARCH_GROUPS, type SearchResultGroups, type SearchResultItem } from "./search-groups.ts";
import { useSearchShortcuts } from "./use-search-shortcuts.ts";

/** Wait after the last key before asking: typing a name costs one request, not one per letter. */
const DEBOUNCE_MS = 150;

type Results = SearchResultGroups & { query: string };

/**
 * The top bar's search: a GET form to /dashboard/search that works without
 * JavaScript; with it, an ARIA combobox listing results as you type, grouped by
 * kind. useFetcher drops a stale answer when a newer request starts.
 */
export function TopBarSearch() {
  const fetcher = useFetcher<Results | { message: string }>();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useSearchShortcuts(input);

  useEffect(() => {
    const term = query.trim();
    if (!term) return;
    const timer = setTimeout(
      () => fetcher.load(`/dashboard/search/results?q=${encodeURIComponent(term)}`),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
    // fetcher.load is stable enough for this; listing fetcher would re-run on every answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const answer = query.trim() ? fetcher.data : undefined;
  const message = answer && "message" in answer ? answer.message : null;
  const results = answer && !("message" in answer) ? answer : null;
  const groups = results
    ? SEARCH_GROUPS.map((g) => ({ ...g, hits: results[g.key] })).filter((g) => g.hits.length > 0)
    : [];
  const items: SearchResultItem[] = groups.flatMap((g) => g.hits);
  const showList = open && query.trim() !== "" && (results !== null || message !== null);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (item: SearchResultItem) => {
    setOpen(false);
    navigate(item.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === "Enter" && showList && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Form method="get" action="/dashboard/search" role="search" className="relative max-w-md flex-1 max-sm:hidden">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        ref={input}
        type="search"
        name="q"
        placeholder="Search..."
        aria-label="Search"
        autoComplete="off"
        maxLength={100}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        className="h-9 bg-muted/50 pl-9"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!showList}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {message ? <p className="px-3 py-2 text-sm">{message}</p> : null}
        {results && groups.length === 0 ? (
          <p className="px-3 py-2 text-sm">Nothing matches “{results.query}”.</p>
        ) : null}
        {groups.map((group) => (
          <div key={group.key} role="group" aria-label={group.heading}>
            <p className="px-3 pt-2 pb-1 text-xs font-medium text-muted-foreground" aria-hidden="true">
              {group.heading}
            </p>
            {group.hits.map((hit) => {
              const at = items.indexOf(hit);
              return (
                <div
                  key={hit.id}
                  id={optionId(at)}
                  role="option"
                  aria-selected={at === active}
                  className={cn(
                    "cursor-pointer rounded-sm px-3 py-1.5 text-sm",
                    at === active && "bg-accent text-accent-foreground",
                  )}
                  // mousedown, not click: the input's blur would close the list before a click lands.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(hit);
                  }}
                >
                  <span className="block truncate font-medium">{hit.title}</span>
                  {hit.detail ? (
                    <span className="block truncate text-xs text-muted-foreground">{hit.detail}</span>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Form>
  );
}
