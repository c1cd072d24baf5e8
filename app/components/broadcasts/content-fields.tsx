import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { SmsCounter } from "./sms-counter.tsx";
import { Field, SelectField, TextareaField } from "#app/components/forms/field.tsx";
import { cn } from "#app/lib/cn.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";

const LIQUID_HINT =
  'Personalise with Liquid: {{ contact.name | default: "there" }}, {{ contact.email }}, {{ contact.attributes.plan }}.';

type ContentFieldsProps = {
  /** The type chosen in the form; null before JavaScript runs, when every channel's fields show. */
  type: CampaignType | null;
  fields: {
    subject: FieldMetadata<string | null | undefined>;
    content: FieldMetadata<string | null | undefined>;
    contentFormat: FieldMetadata<string>;
    whatsapp: FieldMetadata<{ template?: string; language?: string; parameters?: string } | undefined>;
  };
};

/**
 * What the campaign says, per channel: email subject and HTML or Markdown; SMS
 * plain text with its live count; WhatsApp's approved template, language and body
 * parameters. Without JavaScript all of them show, each saying when it is used;
 * with it, only the chosen channel's, the others hidden but kept.
 */
export function ContentFields({ type, fields }: ContentFieldsProps) {
  const [content, setContent] = useState(fields.content.initialValue ?? "");
  const whatsapp = fields.whatsapp.getFieldset();
  const shows = (channel: CampaignType) => type === null || type === channel;
  const parameterErrors = Object.values(whatsapp.parameters.allErrors).flat();
  const counterId = `${fields.content.id}-sms-count`;

  return (
    <>
      <Field
        label="Subject"
        description={type !== null && type !== "EMAIL" ? "Shown in your campaign list; only emails send it." : null}
        inputProps={{ ...getInputProps(fields.subject, { type: "text" }), autoComplete: "off" }}
        errors={fields.subject.errors}
      />
      <SelectField
        label="Email format"
        className={shows("EMAIL") ? undefined : "hidden"}
        selectProps={{ ...getSelectProps(fields.contentFormat), className: "w-full" }}
        errors={fields.contentFormat.errors}
      >
        <option value="HTML">HTML</option>
        <option value="MARKDOWN">Markdown</option>
      </SelectField>
      {/* WhatsApp sends its template instead; the textarea stays in the form so nothing typed is lost. */}
      <TextareaField
        label="Content"
        className={shows("EMAIL") || shows("SMS") ? undefined : "hidden"}
        // The live count is the one thing read with the field: the format hint stays visible but unlinked, as it is
        // long.
        extra={
          <>
            <p className="text-xs text-muted-foreground">
              {type === "SMS"
                ? "Plain text."
                : type === "EMAIL"
                  ? "HTML or Markdown, as chosen in Email format."
                  : "Email: HTML or Markdown. SMS: plain text."}{" "}
              {LIQUID_HINT}
            </p>
            {shows("SMS") ? <SmsCounter id={counterId} text={content} /> : null}
          </>
        }
        textareaProps={{
          ...getTextareaProps(fields.content),
          // Screen readers hear the count with the field.
          "aria-describedby": shows("SMS") ? counterId : undefined,
          rows: type === "SMS" ? 4 : 8,
          className: "font-mono",
          onChange: (event) => setContent(event.currentTarget.value),
        }}
        errors={fields.content.errors}
      />
      <fieldset className={cn("flex flex-col gap-3 rounded-md border p-3", shows("WHATSAPP") ? null : "hidden")}>
        <legend className="px-1 text-sm font-medium">WhatsApp template</legend>
        <p className="text-xs text-muted-foreground">
          WhatsApp marketing messages must use a template approved in WhatsApp Manager.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Template name"
            inputProps={{
              ...getInputProps(whatsapp.template, { type: "text" }),
              placeholder: "spring_sale",
              autoComplete: "off",
            }}
            errors={whatsapp.template.errors}
          />
          <Field
            label="Language code"
            inputProps={{
              ...getInputProps(whatsapp.language, { type: "text" }),
              placeholder: "en_US",
              autoComplete: "off",
            }}
            errors={whatsapp.language.errors}
          />
        </div>
        <TextareaField
          label="Body parameters"
          description={
            <>
              One per line, in order: the first line fills {"{{1}}"}, the second {"{{2}}"}. {LIQUID_HINT}
            </>
          }
          textareaProps={{ ...getTextareaProps(whatsapp.parameters), rows: 3, className: "font-mono" }}
          // One line's error is the field's error too.
          errors={parameterErrors}
        />
      </fieldset>
    </>
  );
}
