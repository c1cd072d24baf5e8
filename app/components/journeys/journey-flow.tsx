import type * as React from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
import { branchLabels, describeStep, STEP_TYPE_LABELS } from "./describe-step.ts";
import { StepForm, type StepFormAnswer } from "./step-form.tsx";
import { NEW_STEPS, stepFormDefaults } from "./step-form-schema.ts";
import type { BuilderData } from "#app/components/segments/filter-builder/builder-context.ts";
import { type DraftNode, newGroup } from "#app/components/segments/filter-builder/draft.ts";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { branchesOf, type JourneyStep, STEP_TYPES, type StepType, walkSteps } from "#shared/journeys/definition.ts";

export type StepFigures = { entered: number; waiting: number; movedOn: number; sent: number; converted: number };

/** What every step of the flow reads: where forms post, who may edit, the figures, and the page's answer. */
export type FlowContext = {
  journeyPath: string;
  canEdit: boolean;
  /** The place a step is being added at, and its type, from `?add=…&type=…`. */
  adding: { at: string; type: StepType } | null;
  figures: Record<string, StepFigures>;
  /** Condition steps' trees as form fields, by step id. */
  drafts: Record<string, DraftNode>;
  builder: BuilderData;
  answer: StepFormAnswer | null;
  numbers: Map<string, number>;
};

/** Each step's number in reading order (branches after their step), as the page names them. */
export function numberSteps(steps: JourneyStep[]): Map<string, number> {
  return new Map([...walkSteps(steps)].map(({ step }, index) => [step.id ?? "", index + 1]));
}

/**
 * The steps as a vertical flow, a branching step's two branches side by side below
 * it. Without JavaScript it is a list of steps, each with its edit form, Move up,
 * Move down and Delete, and an Add step form after each step and at the top of each
 * branch; with it, the same forms post in place.
 */
export function JourneyFlow({
  steps,
  path,
  context,
  where = "",
}: {
  steps: JourneyStep[];
  path: string;
  context: FlowContext;
  /** Which branch this list is, for the names of its Add step buttons (" in step 2: Yes"). */
  where?: string;
}) {
  return (
    <ol className="flex flex-col gap-3">
      <li>
        <AddStep
          at={`${path}.0`}
          context={context}
          label={`${steps.length ? "before the first step" : "as the first step"}${where}`}
        />
      </li>
      {steps.map((step, index) => (
        <li key={step.id} className="flex flex-col gap-3">
          <StepCard
            step={step}
            first={index === 0}
            last={index === steps.length - 1}
            context={context}
            path={`${path}.${index}`}
          />
          <AddStep
            at={`${path}.${index + 1}`}
            context={context}
            label={`after step ${context.numbers.get(step.id ?? "")}`}
          />
        </li>
      ))}
    </ol>
  );
}

function StepCard({
  step,
  path,
  first,
  last,
  context,
}: {
  step: JourneyStep;
  path: string;
  first: boolean;
  last: boolean;
  context: FlowContext;
}) {
  const id = step.id ?? "";
  const number = context.numbers.get(id);
  const figures = context.figures[id] ?? { entered: 0, waiting: 0, movedOn: 0, sent: 0, converted: 0 };
  const branches = branchesOf(step);
  const labels = branchLabels(step);
  const formKey = `edit:${id}`;
  const open = context.answer?.formKey === formKey;
  return (
    <>
      <article aria-labelledby={`step-${id}-title`} className="flex flex-col gap-2 rounded-lg border bg-card p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={`step-${id}-title`} className="font-medium">
            Step {number}: {describeStep(step)}
          </h3>
          <span className="text-xs text-muted-foreground">{STEP_TYPE_LABELS[step.type]}</span>
        </div>
        <p className="text-sm text-muted-foreground">
          Entered {figures.entered} · Waiting {figures.waiting} · Moved on {figures.movedOn}
          {step.type === "send" ? ` · Sent ${figures.sent}` : ""} · Converted {figures.converted} ·{" "}
          <Link to={`?step=${encodeURIComponent(id)}#contacts`} preventScrollReset className="underline">
            Contacts at step {number}
          </Link>
        </p>
        {context.canEdit ? (
          <>
            <details open={open}>
              <summary className="cursor-pointer text-sm font-medium">Edit step {number}</summary>
              <div className="mt-2">
                <StepForm
                  action={context.journeyPath}
                  formKey={formKey}
                  target={{ stepId: id }}
                  type={step.type}
                  defaults={stepFormDefaults(step)}
                  draft={context.drafts[id]}
                  builder={context.builder}
                  answer={context.answer}
                  label={`Edit step ${number}`}
                />
              </div>
            </details>
            <StepButtons stepId={id} number={number} first={first} last={last} context={context} />
          </>
        ) : null}
      </article>
      {labels ? (
        <div className="grid gap-4 border-l-2 pl-4 md:grid-cols-2">
          {branches.map((branch, index) => (
            <section
              key={labels[index]}
              aria-label={`Step ${number}: ${labels[index]}`}
              className="flex flex-col gap-2"
            >
              <h4 className="text-sm font-semibold">{labels[index]}</h4>
              <JourneyFlow
                steps={branch}
                path={`${path}.${BRANCH_KEYS[step.type]![index]}`}
                context={context}
                where={` in step ${number}: ${labels[index]}`}
              />
            </section>
          ))}
        </div>
      ) : null}
    </>
  );
}

const BRANCH_KEYS: Partial<Record<StepType, [string, string]>> = {
  wait_for_event: ["received", "timedOut"],
  condition: ["yes", "no"],
};

/** Move up, Move down and Delete: one-button forms naming the step by id. */
function StepButtons({
  stepId,
  number,
  first,
  last,
  context,
}: {
  stepId: string;
  number: number | undefined;
  first: boolean;
  last: boolean;
  context: FlowContext;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const button = (
    doing: string,
    extra: Record<string, string>,
    label: string,
    icon: React.ReactNode,
    disabled = false,
  ) => (
    <fetcher.Form method="post" action={context.journeyPath}>
      <input type="hidden" name="do" value={doing} />
      <input type="hidden" name="stepId" value={stepId} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="outline" size="sm" disabled={disabled || busy}>
        {icon}
        {label}
        <span className="sr-only"> step {number}</span>
      </Button>
    </fetcher.Form>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {button("move-step", { direction: "up" }, "Move up", <ArrowUp aria-hidden="true" />, first)}
      {button("move-step", { direction: "down" }, "Move down", <ArrowDown aria-hidden="true" />, last)}
      {button("delete-step", {}, "Delete", <Trash2 aria-hidden="true" />)}
    </div>
  );
}

/**
 * A place a step can be added: a GET form choosing its kind, which opens that
 * kind's form here (`?add=<place>&type=<kind>`), or, when open, that form.
 */
function AddStep({ at, label, context }: { at: string; label: string; context: FlowContext }) {
  if (!context.canEdit) return null;
  const formKey = `add:${at}`;
  if (context.adding?.at === at) {
    const type = context.adding.type;
    return (
      <StepForm
        // The query keeps this form open when a post without JavaScript comes back with its messages.
        action={`${context.journeyPath}?add=${encodeURIComponent(at)}&type=${type}`}
        formKey={formKey}
        target={{ at }}
        type={type}
        defaults={stepFormDefaults(NEW_STEPS[type])}
        draft={type === "condition" ? newGroup() : undefined}
        builder={context.builder}
        answer={context.answer}
        label={`New step ${label}`}
        cancelTo={context.journeyPath}
      />
    );
  }
  const selectId = `add-${at.replaceAll(".", "-")}`;
  return (
    <Form method="get" action={context.journeyPath} preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="add" value={at} />
      <label htmlFor={selectId} className="sr-only">
        Kind of step to add {label}
      </label>
      <NativeSelect id={selectId} name="type" defaultValue="send" className="h-8 text-xs">
        {STEP_TYPES.map((type) => (
          <option key={type} value={type}>
            {STEP_TYPE_LABELS[type]}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" variant="ghost" size="sm">
        <Plus aria-hidden="true" />
        Add step<span className="sr-only"> {label}</span>
      </Button>
    </Form>
  );
}
