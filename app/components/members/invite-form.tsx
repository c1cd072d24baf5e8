import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field, SelectField } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { InviteMemberSchema } from "#shared/teams/member-schemas.ts";
import { TEAM_ROLE_LABELS, toApiRole, type TeamRole } from "#shared/teams/roles.ts";

/** Invites an address with a role; the page then shows the link that was mailed, once. */
export function InviteForm({
  grantable,
  lastResult,
}: {
  grantable: TeamRole[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { role: "MARKETER" },
    constraint: getZodConstraint(InviteMemberSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteMemberSchema }),
  });
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  return (
    <Form method="post" className="flex flex-col gap-4 sm:flex-row sm:items-start" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="invite" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Field
        label="Email"
        className="sm:flex-1"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), placeholder: "colleague@company.com" }}
        errors={fields.email.errors}
      />
      <SelectField label="Role" selectProps={{ ...getSelectProps(fields.role) }} errors={fields.role.errors}>
        {grantable.map((role) => (
          <option key={role} value={toApiRole(role)}>
            {TEAM_ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" className="sm:mt-6" disabled={sending}>
        {sending ? "Inviting..." : "Invite"}
      </Button>
    </Form>
  );
}
