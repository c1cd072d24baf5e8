import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Field, SelectField } from "#app/components/forms/field.tsx";
import { PROVIDER_FIELDS, PROVIDER_SCHEMAS } from "./provider-fields.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { secretFieldsOf } from "#shared/channels/settings-schemas.ts";

type ProviderFormProps = {
  channel: CampaignType;
  enabled: boolean;
  defaults: Record<string, string>;
  /** Each secret's masked saved value, or null when none is saved. */
  masked: Record<string, string | null>;
  lastResult?: SubmissionResult<string[]> | null;
};

/**
 * A provider's settings: plain fields filled in, secrets left blank (blank keeps the saved one) with their masked value
 * beside.
 */
export function ProviderForm({ channel, enabled, defaults, masked, lastResult }: ProviderFormProps) {
  const schema = PROVIDER_SCHEMAS[channel];
  const secrets = secretFieldsOf(channel);
  const [form, fields] = useForm({
    id: `${channel.toLowerCase()}-settings`,
    lastResult,
    defaultValue: { ...defaults, enabled: enabled ? "on" : "" },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const all = fields as unknown as Record<string, Parameters<typeof getInputProps>[0]>;

  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="channel" value={channel} />
      <FieldError id={form.errorId} errors={form.errors} />
      {PROVIDER_FIELDS[channel].map((spec) => {
        const field = all[spec.name]!;
        const secret = secrets.includes(spec.name);
        const description =
          secret || spec.hint ? (
            <>
              {secret && <p>{masked[spec.name] ? `Saved: ${masked[spec.name]}` : "Not saved yet."}</p>}
              {spec.hint && <p>{spec.hint}</p>}
            </>
          ) : null;
        const frame = { label: spec.label, description, errors: field.errors };
        if (spec.type === "security") {
          return (
            <SelectField
              key={spec.name}
              {...frame}
              selectProps={{ id: field.id, name: field.name, defaultValue: field.initialValue as string }}
            >
              <option value="starttls">STARTTLS (port 587)</option>
              <option value="tls">TLS (port 465)</option>
              <option value="none">None</option>
            </SelectField>
          );
        }
        const inputProps = secret
          ? {
              ...getInputProps(field, { type: "password" }),
              defaultValue: "",
              autoComplete: "off",
              placeholder: masked[spec.name] ? "Leave blank to keep the saved one" : "",
            }
          : {
              ...getInputProps(field, {
                type: spec.type === "number" ? "number" : spec.type === "email" ? "email" : "text",
              }),
              placeholder: spec.placeholder,
            };
        // Conform's key changes when the form is reset, so the input starts again from its default.
        return <Field key={`${spec.name}:${field.key ?? ""}`} {...frame} inputProps={inputProps} />;
      })}
      {channel === "EMAIL" && masked.password && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="removePassword" /> Forget the saved password (the server needs none)
        </label>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="enabled" defaultChecked={enabled} /> Send this channel&apos;s campaigns through
        this provider
      </label>
      <div className="flex justify-end">
        <Button type="submit">Save</Button>
      </div>
    </Form>
  );
}
