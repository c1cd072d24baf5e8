import { KeyRound } from "lucide-react";

/**
 * The key just created, in full, with how to use it. Shown in the answer to the
 * create request only: the server keeps a hash, so this page cannot show it again.
 */
export function NewKeyNotice({ name, keyValue, host }: { name: string; keyValue: string; host: string }) {
  return (
    <section
      aria-labelledby="new-key-heading"
      className="mb-8 flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 md:p-6"
    >
      <h2 id="new-key-heading" className="flex items-center gap-2 font-semibold">
        <KeyRound className="size-4" aria-hidden="true" />
        Your new key “{name}”
      </h2>
      <p className="text-sm text-muted-foreground">Copy it now: it will not be shown again.</p>
      <label className="flex flex-col gap-1 text-sm">
        <span className="sr-only">Write key</span>
        <input
          readOnly
          value={keyValue}
          aria-label="Write key"
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-md border bg-background px-3 py-2 font-mono text-sm"
        />
      </label>
      <p className="text-sm text-muted-foreground">
        Send events with any Segment library pointed at this server, for example:
      </p>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
        <code>{`new Analytics({ writeKey: "${keyValue}", host: "${host}" })`}</code>
      </pre>
    </section>
  );
}
