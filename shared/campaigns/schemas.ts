import { z } from "zod";
import { countSms, MAX_SMS_SEGMENTS } from "#shared/content/sms-segments.ts";
import { ConversionGoalFormSchema, ConversionGoalSchema } from "./conversion-goal.ts";

export const CAMPAIGN_TYPES = ["EMAIL", "WHATSAPP", "SMS"] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_STATES = ["DRAFT", "SCHEDULED", "ACTIVE", "SENT"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
export const CONTENT_FORMATS = ["HTML", "MARKDOWN"] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/** WhatsApp Manager's rules for template names and the language codes it offers (en, en_US, zh_CN, ...). */
const WHATSAPP_TEMPLATE = /^[a-z0-9_]+$/;
const WHATSAPP_LANGUAGE = /^[a-z]{2,3}(_[A-Za-z]{2,4})?$/;
export const MAX_WHATSAPP_PARAMETERS = 20;

/** An ISO time, or an empty string for "not scheduled" (what the spec's form sends). */
const scheduledTime = z
  .string({ error: "scheduledTime must be an ISO date-time or an empty string" })
  .trim()
  .refine(
    (value) => value === "" || !Number.isNaN(Date.parse(value)),
    "scheduledTime must be an ISO date-time, such as 2030-01-31T09:00:00Z",
  )
  .optional();

const whatsappTemplate = z
  .string({ error: "whatsapp.template must be a text" })
  .trim()
  .max(512, "The template name must be at most 512 characters")
  .refine(
    (value) => value === "" || WHATSAPP_TEMPLATE.test(value),
    "Template names use lowercase letters, digits and underscores, as in WhatsApp Manager",
  )
  .optional();

const whatsappLanguage = z
  .string({ error: "whatsapp.language must be a text" })
  .trim()
  .refine(
    (value) => value === "" || WHATSAPP_LANGUAGE.test(value),
    "Use the template's language code, such as en or en_US",
  )
  .optional();

const whatsappParameter = z
  .string({ error: "Each parameter must be a text" })
  .max(1024, "A parameter must be at most 1,024 characters")
  // WhatsApp refuses parameters with line breaks or tabs.
  .refine((value) => !/[\n\t]/.test(value), "A parameter cannot contain line breaks or tabs")
  .refine((value) => value.trim() !== "", "A parameter cannot be empty");

const whatsappParameters = z
  .array(whatsappParameter, { error: "whatsapp.parameters must be a list of texts" })
  .max(MAX_WHATSAPP_PARAMETERS, `At most ${MAX_WHATSAPP_PARAMETERS} parameters`);

export const MAX_CONTENT_CHARACTERS = 200_000;

/**
 * The body the broadcast editor's form may send. Form encoding turns a character
 * outside ASCII into up to 9 bytes (%E4%B8%AD), so content at its limit can reach
 * 1.8 MB; the other fields are small.
 */
export const MAX_CAMPAIGN_FORM_BYTES = 2 * 1024 * 1024;

// Browsers send line breaks in form fields as CRLF; the SMS count must match what was typed.
const content = z
  .string()
  .max(MAX_CONTENT_CHARACTERS, "Content must be at most 200,000 characters")
  .transform((value) => value.replace(/\r\n?/g, "\n"))
  .nullish();

const baseFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(200, "Name must be at most 200 characters"),
  type: z.enum(CAMPAIGN_TYPES, { error: "type must be EMAIL, WHATSAPP or SMS" }).default("EMAIL"),
  subject: z.string().trim().max(300, "Subject must be at most 300 characters").nullish(),
  content,
  contentFormat: z.enum(CONTENT_FORMATS, { error: "contentFormat must be HTML or MARKDOWN" }).default("HTML"),
  segmentIds: z
    .array(z.string(), { error: "segmentIds must be a list of segment ids" })
    .max(100, "At most 100 segments")
    .default([]),
  scheduledTime,
};

type TypedContent = { type: CampaignType; content?: string | null };

/** Rules that depend on the channel. Liquid is checked by the domain, which knows the engine. */
function checkPerType(value: TypedContent, context: z.RefinementCtx) {
  if (value.type === "SMS" && value.content) {
    const count = countSms(value.content);
    if (count.segments > MAX_SMS_SEGMENTS) {
      context.addIssue({
        code: "custom",
        path: ["content"],
        message: `An SMS can be at most ${MAX_SMS_SEGMENTS} segments; this one is ${count.segments} (${count.characters} ${count.encoding} characters)`,
      });
    }
  }
}

/**
 * The campaign for `POST /api/campaigns` and `PUT /api/campaigns/{id}`: the spec's
 * fields, plus `contentFormat` for email, `whatsapp` for WhatsApp's template and
 * `conversionGoal` (null removes it; left out on PUT, it stays as it is).
 */
export const CampaignInputSchema = z
  .object({
    ...baseFields,
    conversionGoal: ConversionGoalSchema.nullish(),
    /** Sent whatever the team's frequency caps and quiet hours say (transactional notices); left out on PUT, it stays. */
    ignoreFrequencyCaps: z.boolean({ error: "ignoreFrequencyCaps must be true or false" }).optional(),
    whatsapp: z
      .object(
        { template: whatsappTemplate, language: whatsappLanguage, parameters: whatsappParameters.default([]) },
        { error: "whatsapp must be an object with template, language and parameters" },
      )
      .nullish(),
  })
  .superRefine(checkPerType);
/** What the domain takes; callers that predate contentFormat may leave it out (HTML). */
export type CampaignInput = Omit<z.infer<typeof CampaignInputSchema>, "contentFormat"> & {
  contentFormat?: ContentFormat;
};

/**
 * The campaign dialog's form: the same fields, with WhatsApp's body parameters as one
 * textarea, one parameter per line (so it works without JavaScript), and the
 * Preview button's choices.
 */
export const CampaignFormSchema = z
  .object({
    ...baseFields,
    whatsapp: z
      .object({
        template: whatsappTemplate,
        language: whatsappLanguage,
        parameters: z
          .string()
          .optional()
          .transform((text) =>
            (text ?? "")
              .split(/\r?\n/)
              .map((line) => line.trim())
              .filter((line) => line !== ""),
          )
          .pipe(whatsappParameters),
      })
      .optional(),
    conversionGoal: ConversionGoalFormSchema,
    // A checkbox: posted as "on" when ticked, absent when not.
    ignoreFrequencyCaps: z
      .literal("on", { error: "Tick the box or leave it empty" })
      .optional()
      .transform((value) => value === "on"),
    intent: z.enum(["save", "preview"]).default("save"),
    previewEmail: z.string().trim().max(320).optional(),
  })
  .superRefine(checkPerType);

export const ScheduleSchema = z.object({
  scheduledTime: z
    .string({ error: "scheduledTime is required" })
    .refine(
      (value) => !Number.isNaN(Date.parse(value)),
      "scheduledTime must be an ISO date-time, such as 2030-01-31T09:00:00Z",
    ),
});

/** `GET /api/campaigns?limit=&cursor=`: keyset paging, as for contacts. */
export const ListCampaignsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be 1 to 500").max(500, "limit must be 1 to 500").optional(),
  cursor: z.string().max(200).optional(),
});
