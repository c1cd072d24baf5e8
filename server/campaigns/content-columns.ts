import { AppError } from "#server/errors.ts";
import { requireValidLiquid } from "#server/content/validate.ts";
import type { CampaignInput, CampaignType, ContentFormat } from "#shared/campaigns/schemas.ts";

/** How a campaign's channel content is stored: WhatsApp's template has columns of its own. */
export type ContentColumns = {
  subject: string | null;
  content: string | null;
  contentFormat: ContentFormat;
  whatsappTemplate: string | null;
  whatsappLanguage: string | null;
  whatsappParameters: string[];
};

/**
 * The columns for a campaign input, after checking its Liquid and trial-rendering it
 * within the render budget (AppError INVALID naming the field). WhatsApp fields are
 * kept only for WhatsApp campaigns.
 */
export async function contentColumns(input: CampaignInput): Promise<ContentColumns> {
  const whatsapp = input.type === "WHATSAPP" ? input.whatsapp : null;
  const columns: ContentColumns = {
    subject: input.subject || null,
    content: input.content || null,
    contentFormat: input.contentFormat ?? "HTML",
    whatsappTemplate: whatsapp?.template || null,
    whatsappLanguage: whatsapp?.language || null,
    whatsappParameters: whatsapp?.parameters ?? [],
  };
  await requireValidLiquid({
    type: input.type,
    subject: columns.subject,
    content: columns.content,
    contentFormat: columns.contentFormat,
    whatsappParameters: columns.whatsappParameters,
  });
  return columns;
}

/**
 * What a campaign must have before it can be scheduled. A draft may be unfinished,
 * but WhatsApp marketing can only go out as an approved template, so a WhatsApp
 * campaign without one is refused (400) rather than failing for every recipient.
 */
export function requireReadyToSchedule(campaign: {
  type: CampaignType;
  whatsappTemplate: string | null;
  whatsappLanguage: string | null;
}): void {
  if (campaign.type !== "WHATSAPP") return;
  const fields: Record<string, string[]> = {};
  if (!campaign.whatsappTemplate)
    fields["whatsapp.template"] = ["A WhatsApp campaign needs an approved template name before it can be scheduled"];
  if (!campaign.whatsappLanguage)
    fields["whatsapp.language"] = ["A WhatsApp campaign needs the template's language before it can be scheduled"];
  if (Object.keys(fields).length > 0) {
    throw new AppError(
      "INVALID",
      "A WhatsApp campaign needs its template name and language before it can be scheduled.",
      { fields },
    );
  }
}
