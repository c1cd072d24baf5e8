import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { builderFields } from "./builder-fields.ts";
import { DescribedFilter } from "./described-filter.tsx";
import { AI_PROMPT_ROUTE_ID, aiChoicePath, aiRefineFields, aiSaveFields } from "./paths.ts";
import { segmentsPath } from "#app/components/segments/segment-tabs-config.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { TextareaField } from "#app/components/forms/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { PromptPanelResult } from "#server/ai/page-result.ts";

/**
 * The AI Prompt tab: a description of the audience in, and out the filter in
 * plain words, the live count with ten contacts, and every part of the prompt
 * that was not understood. The result comes from the segments-ai route.
 */
export function AiPromptPanel() {
  const loaded = useRouteLoaderData(AI_PROMPT_ROUTE_ID) as { result: PromptPanelResult | null } | undefined;
  const result = loaded?.result ?? null;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [prompt, setPrompt] = useState(result?.prompt ?? "");
  // Opening the save dialog loads the same route, but reads no prompt.
  const generating =
    navigation.state === "loading" &&
    navigation.location.pathname === "/dashboard/segments/ai" &&
    !new URLSearchParams(navigation.location.search).has("save");
  const error = result?.error ?? null;

  return (
    <div className="flex flex-col gap-6">
      <Form method="get" action="/dashboard/segments/ai" className="flex flex-col gap-2" preventScrollReset>
        <TextareaField
          label="Describe your audience"
          textareaProps={{
            id: "ai-prompt",
            name: "prompt",
            rows: 3,
            defaultValue: result?.prompt ?? "",
            onChange: (event) => setPrompt(event.currentTarget.value),
            placeholder: "Pro users in France who purchased in the last 30 days but didn't open the last campaign",
            className: "shadow-xs",
          }}
          errors={error ? [error] : undefined}
        />
        <div>
          {/* Disabled while empty once JavaScript runs; without it the server says what is missing. */}
          <Button type="submit" disabled={(hydrated && prompt.trim() === "") || generating}>
            <Sparkles aria-hidden="true" />
            {generating ? "Generating..." : "Generate"}
          </Button>
        </div>
      </Form>
      {result && result.error === null ? <PromptResult result={result} /> : null}
    </div>
  );
}

function PromptResult({ result }: { result: Extract<PromptPanelResult, { error: null }> }) {
  return (
    <section aria-labelledby="ai-result-heading" className="flex flex-col gap-4 rounded-lg border p-4">
      <h3 id="ai-result-heading" className="font-semibold">
        Generated filter
      </h3>
      {result.notice ? (
        <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          {result.notice}
        </p>
      ) : null}
      {result.refinements.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-medium">Refined by</h4>
          <ol className="list-decimal pl-5 text-sm text-muted-foreground" aria-label="Follow-ups">
            {result.refinements.map((text, i) => (
              <li key={`${i}-${text}`}>{text}</li>
            ))}
          </ol>
        </div>
      ) : null}
      <DescribedFilter group={result.described} />
      {result.unsupported.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-medium">Not understood</h4>
          <ul className="list-disc pl-5 text-sm text-muted-foreground" aria-label="Not understood">
            {result.unsupported.map((part) => (
              <li key={part}>{part}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.choices.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-medium">Other readings</h4>
          <ul className="flex flex-col gap-1 text-sm" aria-label="Other readings">
            {result.choices.map((choice) => (
              <li key={choice.readings.join(",")}>
                <Link
                  to={aiChoicePath(result, choice.readings)}
                  preventScrollReset
                  className="text-primary hover:underline"
                >
                  {choice.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm font-medium" data-testid="ai-count">
        {result.count === 1 ? "1 contact matches" : `${result.count.toLocaleString("en")} contacts match`}
      </p>
      {result.sample.length > 0 ? (
        <ul className="grid gap-1 text-sm sm:grid-cols-2" aria-label="Sample contacts">
          {result.sample.map((contact) => (
            <li key={contact.id} className="truncate">
              <Link to={`/dashboard/contacts/${contact.id}`} className="hover:underline">
                {contact.name ?? contact.email ?? contact.phone ?? contact.id}
              </Link>
              {contact.name && contact.email ? <span className="text-muted-foreground"> · {contact.email}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {/* A follow-up edits the filter shown here rather than starting over; a GET form, so it works without JavaScript. */}
      <Form method="get" action="/dashboard/segments/ai" className="flex flex-col gap-2" preventScrollReset>
        {aiRefineFields(result).map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <Label htmlFor="ai-refine">Refine this audience</Label>
        <div className="flex flex-wrap gap-2">
          <input
            id="ai-refine"
            name="refine"
            required
            maxLength={1000}
            placeholder="only the ones in Germany"
            className="min-w-64 flex-1 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
          <Button type="submit" variant="outline">
            Refine
          </Button>
        </div>
      </Form>
      <div className="flex flex-wrap gap-2">
        {/* A GET form: the dialog opens on the filter shown here, without reading the prompt again. */}
        <Form method="get" action="/dashboard/segments/ai" preventScrollReset>
          {aiSaveFields(result).map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit">Save Segment</Button>
        </Form>
        <Form method="post" action={segmentsPath("filters")}>
          {builderFields(result.draft, "filter").map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="name" value="" />
          <Button type="submit" name="intent" value="preview" variant="outline">
            Edit in builder
          </Button>
        </Form>
      </div>
    </section>
  );
}
