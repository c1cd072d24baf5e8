import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type NotificationKind } from "#shared/notifications/kinds.ts";
import { PreferencesSchema } from "#shared/notifications/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";

const THEMES = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

/** Preferences: which notifications arrive (a checkbox each) and the theme, in one plain form post. */
export function PreferencesForm({
  enabledKinds,
  theme,
  lastResult,
}: {
  enabledKinds: NotificationKind[];
  theme: "light" | "dark";
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "preferences",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PreferencesSchema }),
  });
  return (
    <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
      <fieldset className="flex flex-col gap-2" aria-describedby={`${fields.kinds.id}-error`}>
        <legend className="mb-2 text-base font-semibold">Notifications</legend>
        <p className="text-sm text-muted-foreground">
          The bell tells you of the ones ticked, in every team you are in.
        </p>
        {NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={fields.kinds.name}
              value={kind}
              defaultChecked={enabledKinds.includes(kind)}
              className="size-4 accent-primary"
            />
            {NOTIFICATION_KIND_LABELS[kind]}
          </label>
        ))}
        <FieldError id={`${fields.kinds.id}-error`} errors={fields.kinds.errors} />
      </fieldset>
      <fieldset className="flex flex-col gap-2" aria-describedby={`${fields.theme.id}-error`}>
        <legend className="mb-2 text-base font-semibold">Theme</legend>
        {THEMES.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={fields.theme.name}
              value={option.value}
              defaultChecked={theme === option.value}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
        <FieldError id={`${fields.theme.id}-error`} errors={fields.theme.errors} />
      </fieldset>
      <Button type="submit" className="self-start">
        Save preferences
      </Button>
    </Form>
  );
}
