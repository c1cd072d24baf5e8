import { foldAccents } from "#server/contacts/fold-accents.ts";

export type AppPage = { name: string; path: string; keywords: string[] };

/** The dashboard's pages and settings a search can lead to, with the words people look for them by. */
export const APP_PAGES: readonly AppPage[] = [
  { name: "Dashboard", path: "/dashboard", keywords: ["home", "overview", "stats"] },
  { name: "Events", path: "/dashboard/events", keywords: ["activity", "tracking", "feed", "export"] },
  { name: "Contacts", path: "/dashboard/contacts", keywords: ["people", "audience", "subscribers"] },
  { name: "Import contacts", path: "/dashboard/segments/import", keywords: ["csv", "upload", "import"] },
  { name: "Segments", path: "/dashboard/segments", keywords: ["lists", "groups", "filters"] },
  { name: "AI segment", path: "/dashboard/segments/ai", keywords: ["prompt", "ai", "assistant"] },
  { name: "Broadcasts", path: "/dashboard/broadcasts", keywords: ["campaigns", "email", "sms", "whatsapp", "send"] },
  { name: "Outbox", path: "/dashboard/outbox", keywords: ["messages", "sent mail", "preview"] },
  { name: "Analytics", path: "/dashboard/analytics", keywords: ["reports", "opens", "clicks", "charts"] },
  { name: "Settings", path: "/dashboard/settings", keywords: ["team", "preferences", "sender"] },
  {
    name: "Channel providers",
    path: "/dashboard/settings/channels",
    keywords: ["smtp", "twilio", "whatsapp", "providers", "email"],
  },
  {
    name: "Frequency caps and quiet hours",
    path: "/dashboard/settings/frequency",
    keywords: ["frequency", "quiet hours", "caps", "fatigue", "do not disturb"],
  },
  { name: "API keys", path: "/dashboard/settings/api-keys", keywords: ["write keys", "tokens", "integration", "api"] },
];

/**
 * The pages whose name or keywords contain the folded term (prefix or
 * substring), pages whose name starts with it first. `term` is already folded.
 */
export function findAppPages(term: string, limit: number): AppPage[] {
  const matches = APP_PAGES.filter((page) =>
    [page.name, ...page.keywords].some((word) => foldAccents(word).includes(term)),
  );
  const startsWith = (page: AppPage) => (foldAccents(page.name).startsWith(term) ? 0 : 1);
  return matches.sort((a, b) => startsWith(a) - startsWith(b)).slice(0, limit);
}
