import { z } from "zod";
import { CAMPAIGN_TYPES, CONTENT_FORMATS } from "#shared/campaigns/schemas.ts";
import { ConversionGoalFormSchema } from "#shared/campaigns/conversion-goal.ts";
import { type JourneyStep, OVER_CAP_ACTIONS, type StepType } from "#shared/journeys/definition.ts";
import type { FilterGroup } from "#shared/segments/filter/schema.ts";

/*
 * The editor's forms, as plain text fields that post without JavaScript, and how
 * they turn into a step or a journey's settings. The definition's own schema judges
 * the result (server/journeys), so the rules live in one place; these schemas only
 * read the text. Its messages come back named from the step ("seconds") and
 * FORM_FIELD_OF names the field that shows them ("amount").
 */

export const WAIT_UNITS = { seconds: 1, minutes: 60, hours: 3_600, days: 86_400 } as const;
export type WaitUnit = keyof typeof WAIT_UNITS;
const UNIT_NAMES = Object.keys(WAIT_UNITS) as [WaitUnit, ...WaitUnit[]];

const amount = z.number({ error: "Enter a whole number" }).int("Enter a whole number").min(1, "Enter at least 1");
const unit = z.enum(UNIT_NAMES, { error: "Choose seconds, minutes, hours or days" }).default("days");
const optionalText = z.string().trim().max(1000).optional();

/** An event with property conditions, read as the campaign goal's rows are (one row per condition, empty rows left out). */
const EventRowsSchema = ConversionGoalFormSchema;

export const StepFormSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("send"),
      channel: z.enum(CAMPAIGN_TYPES, { error: "Choose email, SMS or WhatsApp" }),
      subject: optionalText,
      content: z.string().optional(),
      contentFormat: z.enum(CONTENT_FORMATS).default("HTML"),
      whatsapp: z
        .object({ template: optionalText, language: optionalText, parameters: z.string().optional() })
        .optional(),
      overCap: z.enum(OVER_CAP_ACTIONS).default("wait"),
    }),
    z.object({ type: z.literal("wait"), amount, unit }),
    z.object({
      type: z.literal("wait_until"),
      time: z.string({ error: "Enter a time such as 09:00" }),
      timeZoneAttribute: optionalText,
    }),
    z.object({
      type: z.literal("wait_for_event"),
      awaited: EventRowsSchema,
      matchProperty: optionalText,
      timeoutAmount: amount,
      timeoutUnit: unit,
    }),
    z.object({ type: z.literal("condition") }),
    z.object({ type: z.literal("exit") }),
  ],
  { error: "Choose a kind of step" },
);
export type StepForm = z.infer<typeof StepFormSchema>;

/** The step a form describes, without an id or branches (the editor keeps those). */
export function stepFromForm(form: StepForm, filter: FilterGroup | null): JourneyStep {
  switch (form.type) {
    case "send":
      return {
        type: "send",
        channel: form.channel,
        subject: form.subject || null,
        content: form.content || null,
        contentFormat: form.contentFormat,
        whatsapp:
          form.channel === "WHATSAPP"
            ? {
                template: form.whatsapp?.template ?? "",
                language: form.whatsapp?.language ?? "",
                parameters: (form.whatsapp?.parameters ?? "")
                  .split("\n")
                  .map((line) => line.trim())
                  .filter(Boolean),
              }
            : null,
        overCap: form.overCap,
      };
    case "wait":
      return { type: "wait", seconds: form.amount * WAIT_UNITS[form.unit] };
    case "wait_until":
      return { type: "wait_until", time: form.time, timeZoneAttribute: form.timeZoneAttribute || null };
    case "wait_for_event":
      return {
        type: "wait_for_event",
        event: form.awaited?.event ?? "",
        properties: form.awaited?.properties ?? [],
        matchProperty: form.matchProperty || null,
        timeoutSeconds: form.timeoutAmount * WAIT_UNITS[form.timeoutUnit],
        received: [],
        timedOut: [],
      };
    case "condition":
      return {
        type: "condition",
        filter: filter ?? { type: "group", combinator: "and", conditions: [] },
        yes: [],
        no: [],
      };
    case "exit":
      return { type: "exit" };
  }
}

/** Where the definition's name for a step's field shows in its form. */
export const FORM_FIELD_OF: Record<string, string> = {
  seconds: "amount",
  timeoutSeconds: "timeoutAmount",
  event: "awaited.event",
  whatsapp: "whatsapp.template",
  "whatsapp.parameters": "whatsapp.parameters",
};

/** A number of seconds as the largest unit that divides it, for a form's amount and unit. */
export function amountAndUnit(seconds: number): { amount: string; unit: WaitUnit } {
  const unit = (["days", "hours", "minutes"] as const).find((name) => seconds % WAIT_UNITS[name] === 0) ?? "seconds";
  return { amount: String(seconds / WAIT_UNITS[unit]), unit };
}

type EventRows = { event: string; properties: { property: string; operator: string; value: string }[] };
type EventWithConditions = { event: string; properties: { property: string; operator: string; value?: unknown }[] };

/** An event with conditions as the form's rows show it, with an empty row to add one. */
export function eventRows(event: EventWithConditions | null): EventRows {
  const rows = (event?.properties ?? []).map((p) => ({
    property: p.property,
    operator: p.operator,
    value: p.value === undefined ? "" : Array.isArray(p.value) ? p.value.join(", ") : String(p.value),
  }));
  return { event: event?.event ?? "", properties: [...rows, { property: "", operator: "equals", value: "" }] };
}

/** What a new step of each type starts with in its form. */
export const NEW_STEPS: Record<StepType, JourneyStep> = {
  send: { type: "send", channel: "EMAIL", subject: "", content: "", contentFormat: "HTML", overCap: "wait" },
  wait: { type: "wait", seconds: 86_400 },
  wait_until: { type: "wait_until", time: "09:00", timeZoneAttribute: null },
  wait_for_event: {
    type: "wait_for_event",
    event: "",
    properties: [],
    matchProperty: null,
    timeoutSeconds: 86_400,
    received: [],
    timedOut: [],
  },
  condition: { type: "condition", filter: { type: "group", combinator: "and", conditions: [] }, yes: [], no: [] },
  exit: { type: "exit" },
};

/** A step as its form starts. */
export function stepFormDefaults(step: JourneyStep): Record<string, unknown> {
  switch (step.type) {
    case "send":
      return {
        type: "send",
        channel: step.channel,
        subject: step.subject ?? "",
        content: step.content ?? "",
        contentFormat: step.contentFormat,
        whatsapp: {
          template: step.whatsapp?.template ?? "",
          language: step.whatsapp?.language ?? "",
          parameters: (step.whatsapp?.parameters ?? []).join("\n"),
        },
        overCap: step.overCap,
      };
    case "wait": {
      const { amount, unit } = amountAndUnit(step.seconds);
      return { type: "wait", amount, unit };
    }
    case "wait_until":
      return { type: "wait_until", time: step.time, timeZoneAttribute: step.timeZoneAttribute ?? "" };
    case "wait_for_event": {
      const { amount, unit } = amountAndUnit(step.timeoutSeconds);
      return {
        type: "wait_for_event",
        awaited: eventRows(step),
        matchProperty: step.matchProperty ?? "",
        timeoutAmount: amount,
        timeoutUnit: unit,
      };
    }
    default:
      return { type: step.type };
  }
}
