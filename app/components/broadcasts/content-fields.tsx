import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { SmsCounter } from "./sms-counter.tsx";
import { FieldError } from "../ui/field-error.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { cn } from "../../lib/cn.ts";
import type { CampaignType } from "../../../server/campaigns/schemas.ts";

export const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-invalid:border-destructive";

const LIQUID_HINT = 'Personalise with Liquid: {{ contact.name | default: "there" }}, {{ contact.email }}, {{ contact.attributes.plan }}.';

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
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.subject.id}>Subject</Label>
        <Input {...getInputProps(fields.subject, { type: "text" })} autoComplete="off" />
        {type !== null && type !== "EMAIL" ? <p className="text-xs text-muted-foreground">Shown in your campaign list; only emails send it.</p> : null}
        <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
      </div>
      <div className={cn("flex flex-col gap-2", shows("EMAIL") ? null : "hidden")}>
        <Label htmlFor={fields.contentFormat.id}>Email format</Label>
        <select {...getSelectProps(fields.contentFormat)} className={cn(fieldClass, "h-10")}>
          <option value="HTML">HTML</option>
          <option value="MARKDOWN">Markdown</option>
        </select>
        <FieldError id={fields.contentFormat.errorId} errors={fields.contentFormat.errors} />
      </div>
      {/* WhatsApp sends its template instead; the textarea stays in the form so nothing typed is lost. */}
      <div className={cn("flex flex-col gap-2", shows("EMAIL") || shows("SMS") ? null : "hidden")}>
        <Label htmlFor={fields.content.id}>Content</Label>
        <textarea
          {...getTextareaProps(fields.content)}
          // Screen readers hear the count with the field, and its error when there is one.
          aria-describedby={[shows("SMS") ? counterId : null, fields.content.errors ? fields.content.errorId : null].filter(Boolean).join(" ") || undefined}
          rows={type === "SMS" ? 4 : 8}
          className={cn(fieldClass, "font-mono")}
          onChange={(event) => setContent(event.currentTarget.value)}
        />
        <p className="text-xs text-muted-foreground">
          {type === "SMS" ? "Plain text." : type === "EMAIL" ? "HTML or Markdown, as chosen in Email format." : "Email: HTML or Markdown. SMS: plain text."}{" "}
          {LIQUID_HINT}
        </p>
        {shows("SMS") ? <SmsCounter id={counterId} text={content} /> : null}
        <FieldError id={fields.content.errorId} errors={fields.content.errors} />
      </div>
      <fieldset className={cn("flex flex-col gap-3 rounded-md border p-3", shows("WHATSAPP") ? null : "hidden")}>
        <legend className="px-1 text-sm font-medium">WhatsApp template</legend>
        <p className="text-xs text-muted-foreground">
          WhatsApp marketing messages must use a template approved in WhatsApp Manager.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={whatsapp.template.id}>Template name</Label>
            <Input {...getInputProps(whatsapp.template, { type: "text" })} placeholder="spring_sale" autoComplete="off" />
            <FieldError id={whatsapp.template.errorId} errors={whatsapp.template.errors} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={whatsapp.language.id}>Language code</Label>
            <Input {...getInputProps(whatsapp.language, { type: "text" })} placeholder="en_US" autoComplete="off" />
            <FieldError id={whatsapp.language.errorId} errors={whatsapp.language.errors} />
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={whatsapp.parameters.id}>Body parameters</Label>
          <textarea
            {...getTextareaProps(whatsapp.parameters)}
            aria-invalid={parameterErrors.length > 0 || undefined}
            rows={3}
            className={cn(fieldClass, "font-mono")}
          />
          <p className="text-xs text-muted-foreground">
            One per line, in order: the first line fills {"{{1}}"}, the second {"{{2}}"}. {LIQUID_HINT}
          </p>
          <FieldError id={whatsapp.parameters.errorId} errors={parameterErrors} />
        </div>
      </fieldset>
    </>
  );
}
