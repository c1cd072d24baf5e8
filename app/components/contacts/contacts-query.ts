// The Contacts page keeps its whole state in the URL (filters, page, a no-JavaScript
// "select this page"), so every view can be bookmarked, shared and rendered by the server.

export const HAS_PHONE_OPTIONS = [
  { value: "any", label: "Any" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

export type HasPhone = (typeof HAS_PHONE_OPTIONS)[number]["value"];

export type ContactsFilter = { search: string; hasPhone: HasPhone };

export type ContactsQuery = ContactsFilter & {
  /** Where this page starts: the nextCursor of the page before it. */
  cursor: string | null;
  /** The cursors of the pages before this one, oldest first ("" is the first page), for "Previous". */
  prev: string[];
  /** Without JavaScript, "Select all" is a link that reloads the page with every row ticked. */
  selectPage: boolean;
};

export const SEARCH_MAX_LENGTH = 200;
/** Keeps page links short: deeper than this, "Previous" stops at the oldest page remembered. */
const PREV_STACK_LIMIT = 20;
const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;

function readHasPhone(value: string | null): HasPhone {
  return HAS_PHONE_OPTIONS.find((option) => option.value === value)?.value ?? "any";
}

/** Reads the page's URL leniently: a hand-edited or stale parameter falls back to its default, never an error page. */
export function readContactsQuery(params: URLSearchParams): ContactsQuery {
  const cursor = params.get("cursor");
  const prev = (params.get("prev") ?? "").split(",");
  return {
    search: (params.get("search") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    hasPhone: readHasPhone(params.get("hasPhone")),
    cursor: cursor && CURSOR_SHAPE.test(cursor) ? cursor : null,
    prev: params.has("prev")
      ? prev.filter((entry) => entry === "" || CURSOR_SHAPE.test(entry)).slice(-PREV_STACK_LIMIT)
      : [],
    selectPage: params.get("select") === "page",
  };
}

export function isFiltered(filter: ContactsFilter): boolean {
  return filter.search !== "" || filter.hasPhone !== "any";
}

/** The Contacts page URL for these filters and page; defaults are left out so URLs stay short. */
export function contactsHref(query: Partial<ContactsQuery>): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.hasPhone && query.hasPhone !== "any") params.set("hasPhone", query.hasPhone);
  if (query.cursor) {
    params.set("cursor", query.cursor);
    if (query.prev?.length) params.set("prev", query.prev.join(","));
  }
  if (query.selectPage) params.set("select", "page");
  const search = params.toString();
  return search ? `/dashboard/contacts?${search}` : "/dashboard/contacts";
}

export function nextPageHref(query: ContactsQuery, nextCursor: string): string {
  return contactsHref({ ...query, cursor: nextCursor, prev: [...query.prev, query.cursor ?? ""], selectPage: false });
}

/** The page before this one, when it is remembered; otherwise only "First page" leads back. */
export function previousPageHref(query: ContactsQuery): string | null {
  if (!query.cursor || query.prev.length === 0) return null;
  return contactsHref({
    ...query,
    cursor: query.prev.at(-1) || null,
    prev: query.prev.slice(0, -1),
    selectPage: false,
  });
}

export function firstPageHref(query: ContactsQuery): string {
  return contactsHref({ search: query.search, hasPhone: query.hasPhone });
}

const numberFormat = new Intl.NumberFormat("en-US");

export function formatCount(total: number, capped = false): string {
  return `${numberFormat.format(total)}${capped ? "+" : ""}`;
}

/** "1 contact", "1,234 contacts", "10,000+ contacts". */
export function contactsCountText(total: number, capped = false): string {
  return `${formatCount(total, capped)} ${total === 1 && !capped ? "contact" : "contacts"}`;
}
