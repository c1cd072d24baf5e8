import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * A segment's id, for API clients. The text selects whole on a click, so it can
 * be copied without JavaScript; with it, a button copies it to the clipboard.
 */
export function SegmentId({ id }: { id: string }) {
  const hydrated = useHydrated();
  const codeRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
    } catch {
      // No clipboard on a plain-http install: select the text so Ctrl+C does it.
      if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
    }
  }

  return (
    <div className="flex min-w-0 items-center gap-1">
      <code ref={codeRef} className="font-mono text-xs break-all text-muted-foreground select-all">
        {id}
      </code>
      {hydrated ? (
        <button
          type="button"
          onClick={copy}
          className="inline-flex size-6 shrink-0 items-center justify-center rounded-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={copied ? "Segment id copied" : "Copy segment id"}
        >
          {copied ? (
            <Check className="size-3.5" aria-hidden="true" />
          ) : (
            <Copy className="size-3.5" aria-hidden="true" />
          )}
        </button>
      ) : null}
    </div>
  );
}
