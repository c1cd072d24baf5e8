import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ContentFields } from "./content-fields.tsx";
import { ConversionGoalFields } from "./conversion-goal-fields.tsx";
import { ContentPreview, type PreviewData } from "./content-preview.tsx";
import { BROADCASTS_PATH } from "./format.ts";
import { SegmentPicker } from "./segment-picker.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Field, SelectField } from "#app/components/forms/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  CAMPAIGN_TYPES,
  CampaignFormSchema,
  type CampaignType,
  type ContentFormat,
} from "#shared/campaigns/schemas.ts";

export type CampaignFormDefaults = {
  name: string;
  type: CampaignType;
  subject: string;
  content: string;
  contentFormat: ContentFormat;
  /** Body parameters one per line, as the textarea shows them. */
  whatsapp: { template: string; language: string; parameters: string };
  segmentIds: string[];
  /** A SCHEDULED campaign keeps its time when edited; empty keeps a draft a draft. */
  scheduledTime: string;
  /** The goal as its text fields show it (goalFormDefaults). */
  conversionGoal: {
    event: string;
    withinDays: string;
    revenueProperty: string;
    properties: { property: string; operator: string; value: string }[];
  };
  /** Ticked: sent whatever the team's frequency caps and quiet hours say. */
  ignoreFrequencyCaps: boolean;
  /** Whom Preview renders for; empty means the team's oldest contact. */
  previewEmail?: string;
};

type CampaignFormProps = {
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  preview?: PreviewData | null;
  defaults: CampaignFormDefaults;
  segments: { id: string; name: string }[];
  submitLabel: string;
  pendingLabel: string;
};

const TYPE_LABEL: Record<CampaignType, string> = { EMAIL: "Email", WHATSAPP: "WhatsApp", SMS: "SMS" };

function asType(value: unknown): CampaignType {
  return CAMPAIGN_TYPES.includes(value as CampaignType) ? (value as CampaignType) : "EMAIL";
}

/**
 * The campaign dialog's form, for create and edit alike: a plain HTML form that
 * Conform enhances. Preview posts the same form and shows the message for a real
 * contact without saving.
 */
export function CampaignForm({
  action,
  lastResult,
  preview,
  defaults,
  segments,
  submitLabel,
  pendingLabel,
}: CampaignFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(CampaignFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CampaignFormSchema }),
  });
  const [type, setType] = useState<CampaignType>(asType(fields.type.initialValue));
  const intent = navigation.formData?.get("intent");
  const submitting = navigation.state === "submitting" && intent !== "preview";
  const previewing = navigation.state === "submitting" && intent === "preview";
  // After a refused post, the boxes the user had ticked; before, the campaign's own.
  const initial = fields.segmentIds.initialValue;
  const chosen = Array.isArray(initial)
    ? initial.filter((id): id is string => typeof id === "string")
    : typeof initial === "string"
      ? [initial]
      : [];

  return (
    <Form method="post" action={action} className="flex flex-col gap-4" {...getFormProps(form)}>
      <FieldError id={form.errorId} errors={form.errors} />
      <input {...getInputProps(fields.scheduledTime, { type: "hidden" })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            placeholder: "Spring launch",
            autoComplete: "off",
          }}
          errors={fields.name.errors}
        />
        <SelectField
          label="Type"
          selectProps={{
            ...getSelectProps(fields.type),
            className: "w-full",
            onChange: (event) => setType(asType(event.currentTarget.value)),
          }}
          errors={fields.type.errors}
        >
          {CAMPAIGN_TYPES.map((option) => (
            <option key={option} value={option}>
              {TYPE_LABEL[option]}
            </option>
          ))}
        </SelectField>
      </div>
      <ContentFields type={hydrated ? type : null} fields={fields} />
      <SegmentPicker
        key={form.key}
        name={fields.segmentIds.name}
        initialIds={chosen}
        segments={segments}
        errorId={fields.segmentIds.errorId}
        errors={fields.segmentIds.errors}
      />
      <ConversionGoalFields meta={fields.conversionGoal} />
      <div className="flex flex-col gap-1 rounded-md border p-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name={fields.ignoreFrequencyCaps.name}
            defaultChecked={fields.ignoreFrequencyCaps.initialValue === "on"}
            aria-describedby={fields.ignoreFrequencyCaps.descriptionId}
            className="size-4 accent-primary"
          />
          Ignore frequency caps and quiet hours
        </label>
        <p id={fields.ignoreFrequencyCaps.descriptionId} className="text-sm text-muted-foreground">
          For transactional notices: every recipient gets it at once, and it does not count against their caps.
        </p>
        <FieldError id={fields.ignoreFrequencyCaps.errorId} errors={fields.ignoreFrequencyCaps.errors} />
      </div>
      <Field
        label="Preview as (contact email)"
        className="rounded-md border p-3"
        inputProps={{
          ...getInputProps(fields.previewEmail, { type: "email" }),
          placeholder: "Your oldest contact when empty",
          autoComplete: "off",
        }}
        errors={fields.previewEmail.errors}
      />
      {preview ? <ContentPreview preview={preview} /> : null}
      {/* Save comes first in the markup so Enter in a field saves; the row shows Preview first. */}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to={BROADCASTS_PATH} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row-reverse">
          <Button type="submit" name="intent" value="save" disabled={submitting}>
            {submitting ? pendingLabel : submitLabel}
          </Button>
          <Button type="submit" name="intent" value="preview" variant="secondary" disabled={previewing}>
            {previewing ? "Rendering..." : "Preview"}
          </Button>
        </div>
      </div>
    </Form>
  );
}
