import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { SelectField, TextareaField } from "#app/components/forms/field.tsx";
import { KEEP_EVENTS_MONTHS, TeamSettingsSchema } from "#shared/teams/schemas.ts";

type TeamSettingsFormProps = {
  defaults: { timeZone: string; postalAddress: string; keepEvents: string };
  /** The zones to offer, from the server, so the page is the same with and without JavaScript. */
  timeZones: string[];
  lastResult?: SubmissionResult<string[]> | null;
};

/**
 * The Team card's form: the zone campaign times are chosen and shown in, the address
 * emails carry, and how long product events are kept.
 */
export function TeamSettingsForm({ defaults, timeZones, lastResult }: TeamSettingsFormProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(TeamSettingsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TeamSettingsSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formAction === "/dashboard/settings";
  const manage = useAbility("team-settings.manage");

  return (
    <Form method="post" action="/dashboard/settings" className="flex flex-col gap-4" {...getFormProps(form)}>
      {manage.reason ? <p className="text-sm text-muted-foreground">{manage.reason}</p> : null}
      <fieldset disabled={!manage.allowed} className="flex flex-col gap-4">
        <FieldError id={form.errorId} errors={form.errors} />
        <SelectField
          label="Time zone"
          description="Campaign times are chosen and shown in this zone."
          selectProps={{ ...getSelectProps(fields.timeZone), className: "w-full" }}
          errors={fields.timeZone.errors}
        >
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="Postal address"
          description="Printed in the footer of every marketing email, as the law in many countries requires."
          textareaProps={{
            ...getTextareaProps(fields.postalAddress),
            rows: 3,
            placeholder: "Murmur Inc.\n1 Main Street\nSpringfield",
          }}
          errors={fields.postalAddress.errors}
        />
        <SelectField
          label="Keep product events"
          description="Older events are deleted daily and leave segments that look back further. Analytics keep their figures."
          selectProps={{ ...getSelectProps(fields.keepEvents), className: "w-full" }}
          errors={fields.keepEvents.errors}
        >
          {keepEventsChoices(defaults.keepEvents).map((choice) => (
            <option key={choice} value={choice}>
              {choice === "forever" ? "Forever" : `${choice} ${choice === "1" ? "month" : "months"}`}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save team settings"}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}

/** Forever, the usual month counts, and the team's own if it chose another (through the API or an older list). */
function keepEventsChoices(current: string): string[] {
  const choices = ["forever", ...KEEP_EVENTS_MONTHS.map(String)];
  return choices.includes(current) ? choices : [...choices, current];
}
