import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Field, SelectField } from "#app/components/forms/field.tsx";
import { FrequencySettingsFormSchema } from "#shared/frequency/schemas.ts";
import type { FrequencyFormValues } from "./frequency-form-values.ts";

const ACTION = "/dashboard/settings/frequency";
const CHANNEL_LABELS: Record<string, string> = { EMAIL: "Email", SMS: "SMS", WHATSAPP: "WhatsApp" };

type FrequencySettingsFormProps = {
  defaults: FrequencyFormValues;
  lastResult?: SubmissionResult<string[]> | null;
};

/**
 * The frequency caps and quiet hours form: rule rows (blank ones are left out), one
 * quiet-hours row per channel (blank is none), the zone attribute and what a
 * broadcast does with a held message. A plain HTML form that Conform enhances.
 */
export function FrequencySettingsForm({ defaults, lastResult }: FrequencySettingsFormProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    // No constraint attributes: the schema drops blank rows in a transform, which Conform cannot read them from.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FrequencySettingsFormSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formAction === ACTION;
  const manage = useAbility("frequency-settings.manage");
  const rules = fields.rules.getFieldList();
  const quietHours = fields.quietHours.getFieldList();

  return (
    <Form method="post" action={ACTION} className="flex flex-col gap-6" {...getFormProps(form)}>
      {manage.reason ? <p className="text-sm text-muted-foreground">{manage.reason}</p> : null}
      <fieldset disabled={!manage.allowed} className="flex flex-col gap-6">
        <FieldError id={form.errorId} errors={form.errors} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">Frequency caps</legend>
          <p className="text-sm text-muted-foreground">
            At most so many marketing messages per contact on a channel within a window, for example 1 email a day and 3
            a week. Leave a row empty to have no rule there.
          </p>
          {rules.map((rule, index) => {
            const row = rule.getFieldset();
            return (
              <div key={rule.key} className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="cap-rule">
                <SelectField
                  label={`Rule ${index + 1}: channel`}
                  selectProps={{ ...getSelectProps(row.channel), className: "w-full" }}
                  errors={row.channel.errors}
                >
                  {Object.entries(CHANNEL_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </SelectField>
                <Field
                  label="At most (messages)"
                  inputProps={{ ...getInputProps(row.limit, { type: "number" }), min: 1, inputMode: "numeric" }}
                  errors={row.limit.errors}
                />
                <Field
                  label="Per window of"
                  inputProps={{ ...getInputProps(row.window, { type: "number" }), min: 1, inputMode: "numeric" }}
                  errors={row.window.errors}
                />
                <SelectField
                  label="Unit"
                  selectProps={{ ...getSelectProps(row.unit), className: "w-full" }}
                  errors={row.unit.errors}
                >
                  <option value="hours">hours</option>
                  <option value="days">days</option>
                </SelectField>
              </div>
            );
          })}
          <FieldError id={fields.rules.errorId} errors={fields.rules.errors} />
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">Quiet hours</legend>
          <p className="text-sm text-muted-foreground">
            No message on the channel between these times of the contact&apos;s day (from 21:00 to 09:00 spans the
            night). Leave both empty for none.
          </p>
          {quietHours.map((quiet) => {
            const row = quiet.getFieldset();
            const label = CHANNEL_LABELS[String(row.channel.initialValue ?? "")] ?? "Channel";
            return (
              <div key={quiet.key} className="grid grid-cols-2 gap-3" data-testid="quiet-hours">
                <input {...getInputProps(row.channel, { type: "hidden" })} />
                <Field
                  label={`${label}: quiet from`}
                  inputProps={{ ...getInputProps(row.from, { type: "time" }) }}
                  errors={row.from.errors}
                />
                <Field
                  label={`${label}: quiet until`}
                  inputProps={{ ...getInputProps(row.to, { type: "time" }) }}
                  errors={row.to.errors}
                />
                <FieldError id={row.channel.errorId} errors={row.channel.errors} />
              </div>
            );
          })}
        </fieldset>
        <Field
          label="Contact attribute with their time zone"
          description="An attribute such as timezone holding an IANA zone (Europe/Paris). Contacts without one use the team's time zone."
          inputProps={{ ...getInputProps(fields.timeZoneAttribute, { type: "text" }), placeholder: "timezone" }}
          errors={fields.timeZoneAttribute.errors}
        />
        <SelectField
          label="A broadcast message held back"
          description="Journeys choose this per send step. A campaign can ignore caps and quiet hours in its editor."
          selectProps={{ ...getSelectProps(fields.overCap), className: "w-full" }}
          errors={fields.overCap.errors}
        >
          <option value="wait">Waits for the next allowed time</option>
          <option value="skip">Is skipped (held back by frequency cap)</option>
        </SelectField>
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save frequency settings"}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
