import { Eye, Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type * as React from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { BuilderContext, type BuilderData, DATALISTS } from "./builder-context.ts";
import { applyIntent, type DraftNode, parseIntent, ROOT } from "./draft.ts";
import { GroupEditor } from "./group-editor.tsx";
import { type FilterPreview, PreviewPanel } from "./preview-panel.tsx";
import { normalizeDraft } from "./vocabulary.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { decodeFormTree } from "#shared/form-tree.ts";

/** What the server hands the builder: the tree as form fields, and what it found. */
export type BuilderState = {
  draft: DraftNode;
  name: string;
  errors: Record<string, string[]>;
  preview: FilterPreview | null;
  problem: string | null;
};

type PreviewAnswer =
  { count: number; sample: FilterPreview["sample"] } | { problem: string; errors: Record<string, string[]> };

export const PREVIEW_URL = "/dashboard/segments/preview";
const PREVIEW_DELAY_MS = 400;

/**
 * The Event Filter tab: a tree of conditions, a live count with ten matching
 * contacts, and Save. Every control is a named form field, so the whole tree
 * posts as a plain form: without JavaScript, Preview and the Add/Remove buttons
 * are round trips to the page's action. With it, edits are applied here and the
 * count follows them through a debounced request to the preview route.
 */
export function FilterBuilder({
  action,
  previewUrl,
  state,
  data,
  segment,
}: {
  action: string;
  /** The preview route, with the segment being edited so a filter cannot include it. */
  previewUrl: string;
  state: BuilderState;
  data: BuilderData;
  segment?: { id: string; name: string };
}) {
  const [draft, setDraft] = useState(state.draft);
  const [edited, setEdited] = useState(false);
  // Field messages appear when asked for (Preview), not while a new condition is still blank.
  const [showErrors, setShowErrors] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fetcher = useFetcher<PreviewAnswer>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";

  const previewNow = () => {
    clearTimeout(timer.current);
    if (formRef.current) void fetcher.submit(new FormData(formRef.current), { method: "post", action: previewUrl });
  };
  // Every edit (typing, a menu, a node added or removed) asks again once the person pauses.
  useEffect(() => {
    if (!edited) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(previewNow, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer.current);
    // previewNow reads the form as it is when the timer fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, edited]);

  const readForm = (form: HTMLFormElement) => normalizeDraft(decodeFormTree(new FormData(form), ROOT));
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    setDraft(readForm(event.currentTarget));
    setEdited(true);
    setShowErrors(false);
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = parseIntent(submitter?.name === "intent" ? submitter.value : "preview");
    if (intent.kind === "save") return;
    event.preventDefault();
    if (intent.kind === "preview") {
      setShowErrors(true);
      return previewNow();
    }
    setDraft(normalizeDraft(applyIntent(readForm(event.currentTarget), intent)));
    setEdited(true);
    setShowErrors(false);
  };

  const live = fetcher.data;
  const preview = live && "count" in live ? live : edited ? null : state.preview;
  const problem = live && "problem" in live ? live.problem : edited ? null : state.problem;
  const stale = fetcher.state !== "idle";
  const errors = live && "errors" in live && showErrors ? live.errors : edited ? {} : state.errors;

  return (
    <BuilderContext.Provider value={{ ...data, errors }}>
      <Form
        ref={formRef}
        method="post"
        action={action}
        onChange={onChange}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        noValidate
      >
        <Field
          label="Segment name"
          inputProps={{
            id: "filter-segment-name",
            name: "name",
            defaultValue: state.name,
            placeholder: "Pro users exporting reports",
            autoComplete: "off",
            className: "max-w-md",
          }}
          errors={errors.name}
        />
        <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <GroupEditor node={draft} path={ROOT} label="" depth={1} selfId={segment?.id} />
          <PreviewPanel preview={preview} problem={problem} stale={stale} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="preview" variant="outline" formNoValidate>
            <Eye aria-hidden="true" />
            Preview
          </Button>
          <Button type="submit" name="intent" value="save" disabled={saving}>
            <Save aria-hidden="true" />
            {saving ? "Saving..." : segment ? "Save changes" : "Save Segment"}
          </Button>
        </div>
        <Suggestions data={data} />
      </Form>
    </BuilderContext.Provider>
  );
}

/** The team's own event names, attribute keys and property names, offered as the person types. */
function Suggestions({ data }: { data: BuilderData }) {
  const lists: [string, string[]][] = [
    [DATALISTS.events, data.eventNames],
    [DATALISTS.attributes, data.attributeKeys],
    [DATALISTS.properties, data.propertyKeys],
  ];
  return (
    <>
      {lists.map(([id, values]) => (
        <datalist key={id} id={id}>
          {values.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ))}
    </>
  );
}
