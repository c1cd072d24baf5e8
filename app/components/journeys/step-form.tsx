import { type SubmissionResult, useForm } from "@conform-to/react";
import { useState } from "react";
import type * as React from "react";
import { Link, useFetcher } from "react-router";
import {
  SendFields,
  type StepFieldMetas,
  type StepFormValues,
  WaitFields,
  WaitForEventFields,
  WaitUntilFields,
} from "./step-fields.tsx";
import { STEP_TYPE_LABELS } from "./describe-step.ts";
import { BuilderContext, type BuilderData } from "#app/components/segments/filter-builder/builder-context.ts";
import { applyIntent, type DraftNode, parseIntent, ROOT } from "#app/components/segments/filter-builder/draft.ts";
import { GroupEditor } from "#app/components/segments/filter-builder/group-editor.tsx";
import { normalizeDraft } from "#app/components/segments/filter-builder/vocabulary.ts";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import type { Toast } from "#app/http/toast.ts";
import { decodeFormTree } from "#shared/form-tree.ts";
import type { StepType } from "#shared/journeys/definition.ts";

/** What the journey page's action answers a step form that it did not save: field messages, or the condition's tree after an Add or Remove. */
export type StepFormAnswer = {
  formKey: string;
  result?: SubmissionResult<string[]>;
  draft?: DraftNode;
  filterErrors?: Record<string, string[]>;
  toasts?: Toast[];
};

type StepFormProps = {
  /** The journey page, where the form posts. */
  action: string;
  /** "edit:<step id>" or "add:<place>": which answer of the page's action is this form's. */
  formKey: string;
  target: { stepId: string } | { at: string };
  type: StepType;
  defaults: Record<string, unknown>;
  /** A condition's tree as form fields. */
  draft?: DraftNode;
  builder: BuilderData;
  /** The page's answer to a post made without JavaScript, when it was this form's. */
  answer?: StepFormAnswer | null;
  label: string;
  cancelTo?: string;
};

/**
 * One step's form, for adding and editing alike: a plain HTML form posting to the
 * journey page, so it works without JavaScript; with it, a fetcher posts it in
 * place. A condition's tree is the segments' filter builder: its Add and Remove
 * buttons are applied here with JavaScript and by the page's action without it.
 */
export function StepForm(props: StepFormProps) {
  const fetcher = useFetcher<StepFormAnswer>();
  const answer = fetcher.data ?? (props.answer?.formKey === props.formKey ? props.answer : null);
  const [form, fields] = useForm<StepFormValues>({
    id: props.formKey,
    lastResult: answer?.result,
    defaultValue: props.defaults as Partial<StepFormValues>,
    shouldValidate: "onSubmit",
  });
  const [draft, setDraft] = useState<DraftNode | undefined>(answer?.draft ?? props.draft);
  const condition = props.type === "condition";

  const readDraft = (element: HTMLFormElement) => normalizeDraft(decodeFormTree(new FormData(element), ROOT));
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    if (condition) setDraft(readDraft(event.currentTarget));
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!condition || !submitter || submitter.value === "save") return;
    // The builder's Add and Remove, applied in the browser as the action would apply them.
    event.preventDefault();
    setDraft(normalizeDraft({ ...applyIntent(readDraft(event.currentTarget), parseIntent(submitter.value)) }));
  };

  return (
    <fetcher.Form
      method="post"
      action={props.action}
      id={form.id}
      noValidate
      aria-label={props.label}
      onChange={onChange}
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-md border bg-background p-3"
    >
      <input type="hidden" name="do" value={"stepId" in props.target ? "edit-step" : "add-step"} />
      {"stepId" in props.target ? (
        <input type="hidden" name="stepId" value={props.target.stepId} />
      ) : (
        <input type="hidden" name="at" value={props.target.at} />
      )}
      <input type="hidden" name="type" value={props.type} />
      <p className="text-sm font-medium">{STEP_TYPE_LABELS[props.type]}</p>
      <FieldError id={form.errorId} errors={form.errors} />
      <TypeFields type={props.type} fields={fields as unknown as StepFieldMetas} />
      {condition ? (
        <BuilderContext.Provider value={{ ...props.builder, errors: answer?.filterErrors ?? {} }}>
          <GroupEditor node={draft ?? {}} path={ROOT} label="" depth={1} />
          <Button type="submit" name="intent" value="update" variant="outline" size="sm" className="self-start">
            Update conditions
          </Button>
        </BuilderContext.Provider>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="save" disabled={fetcher.state !== "idle"}>
          {"stepId" in props.target ? "Save step" : "Add step"}
        </Button>
        {props.cancelTo ? (
          <Button variant="outline" asChild>
            <Link to={props.cancelTo} preventScrollReset>
              Cancel
            </Link>
          </Button>
        ) : null}
      </div>
      <Toasts toasts={fetcher.data?.toasts} />
    </fetcher.Form>
  );
}

function TypeFields({ type, fields }: { type: StepType; fields: StepFieldMetas }) {
  if (type === "send") return <SendFields fields={fields} />;
  if (type === "wait") return <WaitFields fields={fields} />;
  if (type === "wait_until") return <WaitUntilFields fields={fields} />;
  if (type === "wait_for_event") return <WaitForEventFields fields={fields} />;
  if (type === "exit") return <p className="text-sm text-muted-foreground">The contact leaves the journey here.</p>;
  return null;
}
