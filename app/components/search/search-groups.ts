/** A search result as the browser gets it (server/search/workspace-search.ts's SearchHit). */
export type SearchResultItem = { kind: string; id: string; title: string; detail: string; href: string };

/** The search's four kinds in the order they are shown, with their headings. */
export const SEARCH_GROUPS = [
  { key: "contacts", heading: "Contacts" },
  { key: "segments", heading: "Segments" },
  { key: "campaigns", heading: "Campaigns" },
  { key: "pages", heading: "Pages and settings" },
] as const;

export type SearchResultGroups = Record<(typeof SEARCH_GROUPS)[number]["key"], SearchResultItem[]>;
