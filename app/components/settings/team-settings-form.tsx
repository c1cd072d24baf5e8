import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button.tsx";
import { FieldError } from "../ui/field-error.tsx";
import { Label } from "../ui/label.tsx";
import { cn } from "../../lib/cn.ts";
import { TeamSettingsSchema } from "../../../server/teams/schemas.ts";

const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-invalid:border-destructive";

type TeamSettingsFormProps = {
  defaults: { timeZone: string; postalAddress: string };
  /** The zones to offer, from the server, so the page is the same with and without JavaScript. */
  timeZones: string[];
  lastResult?: SubmissionResult<string[]> | null;
};

/** The Team card's form: the zone campaign times are chosen and shown in, and the address emails carry. */
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

  return (
    <Form method="post" action="/dashboard/settings" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FieldError id={form.errorId} errors={form.errors} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.timeZone.id}>Time zone</Label>
        <select {...getSelectProps(fields.timeZone)} className={cn(fieldClass, "h-10")}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <p className="text-xs text-muted-foreground">Campaign times are chosen and shown in this zone.</p>
        <FieldError id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.postalAddress.id}>Postal address</Label>
        <textarea {...getTextareaProps(fields.postalAddress)} rows={3} className={fieldClass} placeholder={"Murmur Inc.\n1 Main Street\nSpringfield"} />
        <p className="text-xs text-muted-foreground">Printed in the footer of every marketing email, as the law in many countries requires.</p>
        <FieldError id={fields.postalAddress.errorId} errors={fields.postalAddress.errors} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save team settings"}
        </Button>
      </div>
    </Form>
  );
}
