import { KeyRound } from "lucide-react";

/**
 * The API key just created, in full, with how to use it. Shown in the answer to the
 * create request only: the server keeps a hash, so this page cannot show it again.
 */
export function NewApiKeyNotice({ name, keyValue, host }: { name: string; keyValue: string; host: string }) {
  return (
    <section
      aria-labelledby="new-api-key-heading"
      className="mb-8 flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 md:p-6"
    >
      <h2 id="new-api-key-heading" className="flex items-center gap-2 font-semibold">
        <KeyRound className="size-4" aria-hidden="true" />
        Your new API key “{name}”
      </h2>
      <p className="text-sm text-muted-foreground">Copy it now: it will not be shown again.</p>
      <input
        readOnly
        value={keyValue}
        aria-label="API key"
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border bg-background px-3 py-2 font-mono text-sm"
      />
      <p className="text-sm text-muted-foreground">Send it as a Bearer token to the JSON API, for example:</p>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
        <code>{`curl -H "Authorization: Bearer ${keyValue}" ${host}/api/contacts`}</code>
      </pre>
    </section>
  );
}
