import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { EventFields, type EventFieldValues } from "./event-fields.tsx";
import { ENTRY_TYPE_LABELS, REENTRY_LABELS } from "./settings-form-schema.ts";
import { Field, SelectField } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

type SettingsValues = {
  name: string;
  entryType: string;
  entry: EventFieldValues | undefined;
  segmentId: string;
  reentryMode: string;
  reentryDays: string;
  goal: EventFieldValues | undefined;
};

/**
 * A journey's name, how contacts enter (an event with property conditions, a
 * segment, or being created), whether they may enter again, and the goal that
 * ends it as a conversion. Without JavaScript every entry's fields show, each
 * saying when it is used; with it, only the chosen one's.
 */
export function SettingsForm({
  action,
  defaults,
  segments,
  lastResult,
  submitLabel,
  disabled = false,
}: {
  action: string;
  defaults: SettingsValues;
  segments: { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm<SettingsValues>({ id: "journey-settings", lastResult, defaultValue: defaults });
  const [entryType, setEntryType] = useState(String(fields.entryType.initialValue ?? "event"));
  const [reentry, setReentry] = useState(String(fields.reentryMode.initialValue ?? "once"));
  const shows = (type: string) => !hydrated || entryType === type;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="do" value="settings" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Field
        label="Name"
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          placeholder: "Abandoned cart",
          autoComplete: "off",
        }}
        errors={fields.name.errors}
      />
      <fieldset className="flex flex-col gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Entry</legend>
        <SelectField
          label="Contacts enter"
          selectProps={{
            ...getSelectProps(fields.entryType),
            className: "w-full",
            onChange: (event) => setEntryType(event.currentTarget.value),
          }}
          errors={fields.entryType.errors}
        >
          {Object.entries(ENTRY_TYPE_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </SelectField>
        <div className={shows("event") ? undefined : "hidden"}>
          <EventFields
            meta={fields.entry}
            label="Entry event"
            description={hydrated ? undefined : "Used when contacts enter by an event."}
            placeholder="Cart Updated"
          />
        </div>
        <SelectField
          label="Entry segment"
          description={hydrated ? undefined : "Used when contacts enter by a segment."}
          className={shows("segment") ? undefined : "hidden"}
          selectProps={{ ...getSelectProps(fields.segmentId), className: "w-full" }}
          errors={fields.segmentId.errors}
        >
          <option value="">Choose a segment</option>
          {segments.map((segment) => (
            <option key={segment.id} value={segment.id}>
              {segment.name}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Re-entry"
          selectProps={{
            ...getSelectProps(fields.reentryMode),
            className: "w-full",
            onChange: (event) => setReentry(event.currentTarget.value),
          }}
          errors={fields.reentryMode.errors}
        >
          {Object.entries(REENTRY_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </SelectField>
        <Field
          label="Days before entering again"
          className={!hydrated || reentry === "after_days" ? undefined : "hidden"}
          inputProps={{
            ...getInputProps(fields.reentryDays, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "off",
          }}
          errors={fields.reentryDays.errors}
        />
      </div>
      <fieldset className="flex flex-col gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Goal</legend>
        <EventFields
          meta={fields.goal}
          label="Goal event"
          description="Ends the journey for the contact wherever they are, counted as a conversion. Leave empty for no goal."
          placeholder="Order Completed"
        />
      </fieldset>
      <Button type="submit" className="self-start" disabled={disabled}>
        {submitLabel}
      </Button>
    </Form>
  );
}
