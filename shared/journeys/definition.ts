import { z } from "zod";
import { CAMPAIGN_TYPES, CONTENT_FORMATS, MAX_CONTENT_CHARACTERS } from "#shared/campaigns/schemas.ts";
import { FilterSchema, PropertyConditionSchema } from "#shared/segments/filter/schema.ts";

/*
 * A journey's definition: one schema for what `POST /api/journeys` takes, what the
 * editor's forms build, what a version stores (journey_versions.definition) and what
 * the engine walks. A bad step is refused with the path Zod gives it
 * ("steps.2.received.0.seconds"), so an API caller can find it in their JSON.
 *
 * Steps form a tree: a list runs top to bottom; `wait_for_event` and `condition`
 * end their list and continue in one of their two branches. Every step has an id,
 * unique in the definition, that a contact's place in the journey refers to.
 */

/** Steps in one definition, counting those inside branches. */
export const JOURNEY_MAX_STEPS = 100;
/** Branches nest at most this deep (a step list inside a branch inside a branch ...). */
export const JOURNEY_MAX_DEPTH = 8;
/** The longest wait or timeout: a year, in seconds. Seconds so a test or a trial need not wait days. */
export const JOURNEY_MAX_WAIT_SECONDS = 366 * 24 * 3600;
export const JOURNEY_MAX_REENTRY_DAYS = 3650;

export const JOURNEY_STATES = ["draft", "live", "paused", "stopped"] as const;
export type JourneyState = (typeof JOURNEY_STATES)[number];

export const STEP_TYPES = ["send", "wait", "wait_until", "wait_for_event", "condition", "exit"] as const;
export type StepType = (typeof STEP_TYPES)[number];

const STEP_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const name = (what: string) =>
  z
    .string({ error: `${what} must be a text` })
    .trim()
    .min(1, `${what} is required`)
    .max(200, `${what} must be at most 200 characters`);

const seconds = (what: string) =>
  z
    .number({ error: `${what} must be a number of seconds` })
    .int(`${what} must be a whole number of seconds`)
    .min(1, `${what} must be at least 1 second`)
    .max(JOURNEY_MAX_WAIT_SECONDS, `${what} must be at most ${JOURNEY_MAX_WAIT_SECONDS} seconds (366 days)`);

const properties = z
  .array(PropertyConditionSchema, { error: "properties must be a list of property conditions" })
  .max(20, "At most 20 property conditions")
  .default([]);

const stepId = z
  .string({ error: "id must be a text" })
  .regex(STEP_ID, "id uses lowercase letters, digits, - and _, at most 40 characters, starting with a letter or digit")
  .optional();

/** An event that starts, advances or ends a journey: its name and property conditions, as in filter segments. */
export const JourneyEventSchema = z.object({ event: name("The event name"), properties });
export type JourneyEvent = z.infer<typeof JourneyEventSchema>;

export const EntrySchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("event"), event: name("The event name"), properties }),
    z.object({ type: z.literal("segment"), segmentId: z.string({ error: "segmentId must be a text" }).min(1) }),
    z.object({ type: z.literal("contact_created") }),
  ],
  { error: "entry.type must be event, segment or contact_created" },
);
export type JourneyEntry = z.infer<typeof EntrySchema>;

export const ReentrySchema = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("once") }),
    z.object({
      mode: z.literal("after_days"),
      days: z
        .number({ error: "days must be a number" })
        .int("days must be a whole number")
        .min(1, "days must be at least 1")
        .max(JOURNEY_MAX_REENTRY_DAYS, `days must be at most ${JOURNEY_MAX_REENTRY_DAYS}`),
    }),
    z.object({ mode: z.literal("every_time") }),
  ],
  { error: "reentry.mode must be once, after_days or every_time" },
);
export type JourneyReentry = z.infer<typeof ReentrySchema>;

/** What a send step does when the team's frequency cap or quiet hours hold the message back. */
export const OVER_CAP_ACTIONS = ["wait", "skip"] as const;

const SendStepSchema = z.object({
  id: stepId,
  type: z.literal("send"),
  channel: z.enum(CAMPAIGN_TYPES, { error: "channel must be EMAIL, SMS or WHATSAPP" }),
  /** Email only. */
  subject: z.string().trim().max(300, "Subject must be at most 300 characters").nullish(),
  /** Liquid sees the contact and the triggering event's properties (`event.properties`). */
  content: z.string().max(MAX_CONTENT_CHARACTERS, "Content must be at most 200,000 characters").nullish(),
  contentFormat: z.enum(CONTENT_FORMATS, { error: "contentFormat must be HTML or MARKDOWN" }).default("HTML"),
  whatsapp: z
    .object({
      template: z.string().trim().max(512),
      language: z.string().trim().max(20),
      parameters: z.array(z.string().max(1024)).max(20).default([]),
    })
    .nullish(),
  overCap: z.enum(OVER_CAP_ACTIONS, { error: "overCap must be wait or skip" }).default("wait"),
});

const WaitStepSchema = z.object({ id: stepId, type: z.literal("wait"), seconds: seconds("seconds") });

const WaitUntilStepSchema = z.object({
  id: stepId,
  type: z.literal("wait_until"),
  /** The next time the contact's clock shows this, "HH:MM". */
  time: z.string({ error: "time must be a text" }).regex(TIME_OF_DAY, "time must be HH:MM, from 00:00 to 23:59"),
  /** The contact attribute holding their IANA time zone; the team's zone when absent, empty or unknown. */
  timeZoneAttribute: z.string().trim().max(200).nullish(),
});

const ExitStepSchema = z.object({ id: stepId, type: z.literal("exit") });

export type SendStep = z.infer<typeof SendStepSchema>;
export type WaitStep = z.infer<typeof WaitStepSchema>;
export type WaitUntilStep = z.infer<typeof WaitUntilStepSchema>;
export type ExitStep = z.infer<typeof ExitStepSchema>;
export type WaitForEventStep = {
  id?: string;
  type: "wait_for_event";
  event: string;
  properties: z.infer<typeof properties>;
  /** A property of the triggering event the awaited event must carry with the same value (the cart id). */
  matchProperty?: string | null;
  timeoutSeconds: number;
  received: JourneyStep[];
  timedOut: JourneyStep[];
};
export type ConditionStep = {
  id?: string;
  type: "condition";
  filter: z.infer<typeof FilterSchema>;
  yes: JourneyStep[];
  no: JourneyStep[];
};
export type JourneyStep = SendStep | WaitStep | WaitUntilStep | WaitForEventStep | ConditionStep | ExitStep;

const StepListSchema: z.ZodType<JourneyStep[]> = z.lazy(() =>
  z.array(StepSchema, { error: "steps must be a list of steps" }).max(JOURNEY_MAX_STEPS),
);

const WaitForEventStepSchema = z.object({
  id: stepId,
  type: z.literal("wait_for_event"),
  event: name("The event name"),
  properties,
  matchProperty: z.string().trim().min(1).max(200).nullish(),
  timeoutSeconds: seconds("timeoutSeconds"),
  received: StepListSchema.default([]),
  timedOut: StepListSchema.default([]),
});

const ConditionStepSchema = z.object({
  id: stepId,
  type: z.literal("condition"),
  filter: FilterSchema,
  yes: StepListSchema.default([]),
  no: StepListSchema.default([]),
});

const StepSchema: z.ZodType<JourneyStep> = z.lazy(() =>
  z.discriminatedUnion(
    "type",
    [SendStepSchema, WaitStepSchema, WaitUntilStepSchema, WaitForEventStepSchema, ConditionStepSchema, ExitStepSchema],
    { error: "type must be send, wait, wait_until, wait_for_event, condition or exit" },
  ),
);

/** Every step of a list and its branches, depth first in reading order, with its depth (1 at the top). */
export function* walkSteps(steps: JourneyStep[], depth = 1): Generator<{ step: JourneyStep; depth: number }> {
  for (const step of steps) {
    yield { step, depth };
    for (const branch of branchesOf(step)) yield* walkSteps(branch, depth + 1);
  }
}

/** The branches a step continues in: received/timed out, yes/no, or none. */
export function branchesOf(step: JourneyStep): JourneyStep[][] {
  if (step.type === "wait_for_event") return [step.received, step.timedOut];
  if (step.type === "condition") return [step.yes, step.no];
  return [];
}

/** Gives each step without an id the next free "step-N", so a stored definition names every step. */
function nameSteps(steps: JourneyStep[]): void {
  const taken = new Set<string>();
  for (const { step } of walkSteps(steps)) if (step.id) taken.add(step.id);
  let next = 1;
  for (const { step } of walkSteps(steps)) {
    if (step.id) continue;
    while (taken.has(`step-${next}`)) next++;
    step.id = `step-${next}`;
    taken.add(step.id);
  }
}

const JourneyFields = {
  entry: EntrySchema,
  reentry: ReentrySchema.default({ mode: "once" }),
  /** An event that ends the journey for the contact wherever they are, counted as a conversion. */
  goal: JourneyEventSchema.nullish().transform((goal) => goal ?? null),
  steps: StepListSchema,
};

/**
 * The definition a version stores and the engine walks: entry, re-entry, goal and
 * steps, every step named. Checks what the shape alone cannot: the step count, the
 * branch depth, unique ids, and a send step's fields for its channel.
 */
export const JourneyDefinitionSchema = z
  .object(JourneyFields)
  .superRefine((definition, context) => checkSteps(definition.steps, context))
  .transform((definition) => {
    nameSteps(definition.steps);
    return definition as JourneyDefinition;
  });

/** A parsed definition: every step, in branches too, has its `id` (see `stepIdOf`). */
export type JourneyDefinition = {
  entry: JourneyEntry;
  reentry: JourneyReentry;
  goal: JourneyEvent | null;
  steps: JourneyStep[];
};

/** A parsed definition's step id; parsing names every step, so a missing one is a bug, not input. */
export function stepIdOf(step: JourneyStep): string {
  if (!step.id) throw new Error(`A ${step.type} step has no id: the definition was not parsed`);
  return step.id;
}

/** `POST /api/journeys` and `PUT /api/journeys/{id}`: a name and the whole definition. */
export const JourneyInputSchema = z
  .object({ name: name("Name"), ...JourneyFields })
  .superRefine((input, context) => checkSteps(input.steps, context))
  .transform(({ name, ...definition }) => {
    nameSteps(definition.steps);
    return { name, definition: definition as JourneyDefinition };
  });
export type JourneyInput = z.input<typeof JourneyInputSchema>;

function checkSteps(steps: JourneyStep[], context: z.RefinementCtx) {
  let count = 0;
  const seen = new Set<string>();
  const visit = (list: JourneyStep[], path: (string | number)[], depth: number) => {
    if (depth > JOURNEY_MAX_DEPTH) {
      context.addIssue({ code: "custom", path, message: `Branches nest at most ${JOURNEY_MAX_DEPTH} deep` });
      return;
    }
    list.forEach((step, index) => {
      const at = [...path, index];
      count++;
      if (step.id) {
        if (seen.has(step.id))
          context.addIssue({ code: "custom", path: [...at, "id"], message: `Step id "${step.id}" is used twice` });
        seen.add(step.id);
      }
      if (step.type === "send") checkSend(step, at, context);
      if (step.type === "wait_for_event") {
        visit(step.received, [...at, "received"], depth + 1);
        visit(step.timedOut, [...at, "timedOut"], depth + 1);
      }
      if (step.type === "condition") {
        visit(step.yes, [...at, "yes"], depth + 1);
        visit(step.no, [...at, "no"], depth + 1);
      }
    });
  };
  visit(steps, ["steps"], 1);
  if (count > JOURNEY_MAX_STEPS) {
    context.addIssue({
      code: "custom",
      path: ["steps"],
      message: `A journey has at most ${JOURNEY_MAX_STEPS} steps; this one has ${count}`,
    });
  }
}

function checkSend(step: SendStep, path: (string | number)[], context: z.RefinementCtx) {
  const missing = (field: string, message: string) =>
    context.addIssue({ code: "custom", path: [...path, field], message });
  if (step.channel === "EMAIL") {
    if (!step.subject) missing("subject", "An email needs a subject");
    if (!step.content?.trim()) missing("content", "An email needs content");
  }
  if (step.channel === "SMS" && !step.content?.trim()) missing("content", "An SMS needs content");
  if (step.channel === "WHATSAPP" && !step.whatsapp?.template)
    missing("whatsapp", "A WhatsApp message needs a template");
}
