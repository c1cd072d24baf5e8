import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Often enough to feel live, rare enough to cost the server nothing. */
const POLL_MS = 5000;

/**
 * Keeps the first page of the feed current: every few seconds, while the tab is
 * visible, asks for the team's newest event and reloads the page's data when it
 * is not the one on top. Without JavaScript the page offers a Refresh link instead.
 */
export function useLiveFeed(newestKey: string | null, enabled: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setInterval(async () => {
      if (document.visibilityState !== "visible" || revalidator.state !== "idle") return;
      try {
        const response = await fetch("/dashboard/events/latest", {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        const { newest } = (await response.json()) as { newest: string | null };
        if (newest !== newestKey) await revalidator.revalidate();
      } catch {
        // Offline for a moment, or the page is going away: try again at the next tick.
      }
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [newestKey, enabled, revalidator]);
}
