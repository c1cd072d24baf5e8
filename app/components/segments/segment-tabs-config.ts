// The three ways to build a segment, addressed by `?tab=` so switching works as plain links.
export const SEGMENT_TABS = [
  { id: "ai", label: "AI Prompt" },
  { id: "filters", label: "Event Filter" },
  { id: "csv", label: "CSV Upload" },
] as const;

export type SegmentTab = (typeof SEGMENT_TABS)[number]["id"];

export const DEFAULT_SEGMENT_TAB: SegmentTab = "ai";

/** The tab named in a URL; anything unknown falls back to the default rather than failing. */
export function parseSegmentTab(value: string | null | undefined): SegmentTab {
  return SEGMENT_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_SEGMENT_TAB;
}

/**
 * A path under the segments page that keeps the tab the user is on, so opening
 * and closing a dialog, or finishing a form, lands back where they were.
 */
export function segmentsPath(tab: SegmentTab, subpath = "", extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (tab !== DEFAULT_SEGMENT_TAB) params.set("tab", tab);
  const search = params.toString();
  return `/dashboard/segments${subpath ? `/${subpath}` : ""}${search ? `?${search}` : ""}`;
}
