import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { BROADCASTS_PATH } from "./format.ts";
import { Button } from "../ui/button.tsx";
import { FieldError } from "../ui/field-error.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { cn } from "../../lib/cn.ts";
import { CAMPAIGN_TYPES, CampaignInputSchema, type CampaignType } from "../../../server/campaigns/schemas.ts";

export type CampaignFormDefaults = {
  name: string;
  type: CampaignType;
  subject: string;
  content: string;
  segmentIds: string[];
  /** A SCHEDULED campaign keeps its time when edited; empty keeps a draft a draft. */
  scheduledTime: string;
};

type CampaignFormProps = {
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaults: CampaignFormDefaults;
  segments: { id: string; name: string }[];
  submitLabel: string;
  pendingLabel: string;
};

const TYPE_LABEL: Record<CampaignType, string> = { EMAIL: "Email", WHATSAPP: "WhatsApp", SMS: "SMS" };
const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-invalid:border-destructive";

/** The campaign dialog's form, for create and edit alike: a plain HTML form that Conform enhances. */
export function CampaignForm({ action, lastResult, defaults, segments, submitLabel, pendingLabel }: CampaignFormProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(CampaignInputSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CampaignInputSchema }),
  });
  const submitting = navigation.state === "submitting";
  // After a refused post, the boxes the user had ticked; before, the campaign's own.
  const initial = fields.segmentIds.initialValue;
  const chosen = new Set(Array.isArray(initial) ? initial : initial ? [initial] : []);

  return (
    <Form method="post" action={action} className="flex flex-col gap-4" {...getFormProps(form)}>
      <FieldError id={form.errorId} errors={form.errors} />
      <input {...getInputProps(fields.scheduledTime, { type: "hidden" })} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.name.id}>Name</Label>
        <Input {...getInputProps(fields.name, { type: "text" })} placeholder="Spring launch" autoComplete="off" />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.type.id}>Type</Label>
        <select {...getSelectProps(fields.type)} className={cn(fieldClass, "h-10")}>
          {CAMPAIGN_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABEL[type]}
            </option>
          ))}
        </select>
        <FieldError id={fields.type.errorId} errors={fields.type.errors} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.subject.id}>Subject</Label>
        <Input {...getInputProps(fields.subject, { type: "text" })} autoComplete="off" />
        <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.content.id}>Content</Label>
        <textarea {...getTextareaProps(fields.content)} rows={5} className={fieldClass} />
        <FieldError id={fields.content.errorId} errors={fields.content.errors} />
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={fields.segmentIds.errorId}>
        <legend className="mb-2 text-sm font-medium">Segments</legend>
        {segments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No segments yet: the campaign goes to All Users.</p>
        ) : (
          <ul className="flex max-h-40 flex-col gap-2 overflow-y-auto rounded-md border p-3" key={form.key}>
            {segments.map((segment) => (
              <li key={segment.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={fields.segmentIds.name} value={segment.id} defaultChecked={chosen.has(segment.id)} className="size-4" />
                  <span className="break-words">{segment.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">None ticked means All Users.</p>
        <FieldError id={fields.segmentIds.errorId} errors={fields.segmentIds.errors} />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to={BROADCASTS_PATH} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
