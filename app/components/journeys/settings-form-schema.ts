import { z } from "zod";
import { ConversionGoalFormSchema } from "#shared/campaigns/conversion-goal.ts";
import type { JourneyDefinition, JourneyReentry } from "#shared/journeys/definition.ts";
import { eventRows } from "./step-form-schema.ts";

export const ENTRY_TYPE_LABELS = {
  event: "When they perform an event",
  segment: "When they enter a segment",
  contact_created: "When the contact is created",
} as const;
type EntryType = keyof typeof ENTRY_TYPE_LABELS;

export const REENTRY_LABELS = {
  once: "Only once, ever",
  after_days: "Again after a number of days",
  every_time: "Every time",
} as const;

/**
 * A journey's name, entry, re-entry and goal as its settings form posts them. The
 * definition's schema judges the result; DEFINITION_FIELD_OF says where its messages show.
 */
export const SettingsFormSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200),
  entryType: z.enum(Object.keys(ENTRY_TYPE_LABELS) as [EntryType, ...EntryType[]], {
    error: "Choose how contacts enter",
  }),
  entry: ConversionGoalFormSchema,
  segmentId: z.string().optional(),
  reentryMode: z.enum(["once", "after_days", "every_time"]).default("once"),
  reentryDays: z.number({ error: "Enter a whole number of days" }).int("Enter a whole number of days").optional(),
  goal: ConversionGoalFormSchema,
});
export type SettingsForm = z.infer<typeof SettingsFormSchema>;

/** The settings a form describes, as the journey's definition takes them. */
export function settingsFromForm(form: SettingsForm) {
  const entry =
    form.entryType === "event"
      ? { type: "event" as const, event: form.entry?.event ?? "", properties: form.entry?.properties ?? [] }
      : form.entryType === "segment"
        ? { type: "segment" as const, segmentId: form.segmentId ?? "" }
        : { type: "contact_created" as const };
  const reentry: JourneyReentry =
    form.reentryMode === "after_days"
      ? { mode: "after_days", days: form.reentryDays ?? 0 }
      : { mode: form.reentryMode };
  const goal = form.goal ? { event: form.goal.event, properties: form.goal.properties } : null;
  return { name: form.name, entry, reentry, goal };
}

/** Where the definition's name for a settings field shows in the form. */
export const DEFINITION_FIELD_OF: Record<string, string> = {
  "entry.segmentId": "segmentId",
  "reentry.days": "reentryDays",
  "entry.type": "entryType",
};

/** A journey's settings as the form starts; a new journey starts on an event, entering once. */
export function settingsFormDefaults(journey: { name: string; definition: JourneyDefinition } | null) {
  const entry = journey?.definition.entry;
  const reentry = journey?.definition.reentry;
  return {
    name: journey?.name ?? "",
    entryType: entry?.type ?? "event",
    entry: eventRows(entry?.type === "event" ? entry : null),
    segmentId: entry?.type === "segment" ? entry.segmentId : "",
    reentryMode: reentry?.mode ?? "once",
    reentryDays: reentry?.mode === "after_days" ? String(reentry.days) : "",
    goal: eventRows(journey?.definition.goal ?? null),
  };
}
