import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * The unread count as the page loaded it, then live: a server-sent event stream
 * says when it changes, and the page's data is reloaded so the panel lists the new
 * notifications too. The stream ends at sign-out; without JavaScript the count is
 * the one of the last page load.
 */
export function useLiveUnread(loaded: number): number {
  const [state, setState] = useState<{ loaded: number; live: number | null }>({ loaded, live: null });
  // A page load after the last event knows better (e.g. just after "Mark all as read").
  if (state.loaded !== loaded) setState({ loaded, live: null });

  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  useEffect(() => {
    revalidateRef.current = revalidate;
  });

  // One stream for the life of the page, not one per render.
  useEffect(() => {
    const source = new EventSource("/dashboard/notifications/stream");
    let last: number | null = null;
    source.addEventListener("unread", (event) => {
      const count = Number((event as MessageEvent<string>).data);
      if (last !== null && last !== count) void revalidateRef.current();
      last = count;
      setState((previous) => ({ ...previous, live: count }));
    });
    source.addEventListener("signed-out", () => source.close());
    return () => source.close();
  }, []);

  return state.loaded === loaded && state.live !== null ? state.live : loaded;
}
