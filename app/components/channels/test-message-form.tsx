import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Field } from "#app/components/forms/field.tsx";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { EmailTestSchema, SmsTestSchema, WhatsAppTestSchema } from "#shared/channels/settings-schemas.ts";

const SCHEMAS = { EMAIL: EmailTestSchema, SMS: SmsTestSchema, WHATSAPP: WhatsAppTestSchema } as const;

/** What the provider answered to the last test message, shown under the form. */
export type TestReport = { ok: boolean; message: string };

type TestMessageFormProps = {
  channel: CampaignType;
  lastResult?: SubmissionResult<string[]> | null;
  report?: TestReport | null;
};

export function TestMessageForm({ channel, lastResult, report }: TestMessageFormProps) {
  const schema = SCHEMAS[channel];
  const [form, fields] = useForm({
    id: `${channel.toLowerCase()}-test`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const all = fields as unknown as Record<"to" | "template" | "language", Parameters<typeof getInputProps>[0]>;
  return (
    <Form method="post" className="flex flex-col gap-3 border-t pt-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="test" />
      <input type="hidden" name="channel" value={channel} />
      <Field
        label="Send to"
        inputProps={{
          ...getInputProps(all.to, { type: channel === "EMAIL" ? "email" : "tel" }),
          placeholder: channel === "EMAIL" ? "you@example.com" : "+14155550123",
        }}
        errors={all.to.errors}
      />
      {channel === "WHATSAPP" && (
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="Template"
            inputProps={{ ...getInputProps(all.template, { type: "text" }), placeholder: "hello_world" }}
            errors={all.template.errors}
          />
          <Field
            label="Language"
            inputProps={{ ...getInputProps(all.language, { type: "text" }), placeholder: "en_US" }}
            errors={all.language.errors}
          />
        </div>
      )}
      <FieldError id={form.errorId} errors={form.errors} />
      {report && (
        <p role="status" className={report.ok ? "text-sm text-green-700" : "text-sm text-destructive"}>
          {report.message}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" variant="outline">
          Send test message
        </Button>
      </div>
    </Form>
  );
}
