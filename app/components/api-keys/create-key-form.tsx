import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button.tsx";
import { FieldError } from "../ui/field-error.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { WriteKeyNameSchema } from "../../../server/write-keys/schemas.ts";

/** Names and creates a write key; the page then shows the key, once. */
export function CreateKeyForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(WriteKeyNameSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WriteKeyNameSchema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  return (
    <Form method="post" className="flex flex-col gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Label htmlFor={fields.name.id}>Key name</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input {...getInputProps(fields.name, { type: "text" })} placeholder="Production web app" autoComplete="off" className="sm:max-w-sm" />
        <Button type="submit" disabled={submitting}>
          {submitting ? "Creating..." : "Create key"}
        </Button>
      </div>
      <FieldError id={fields.name.errorId} errors={fields.name.errors} />
    </Form>
  );
}
