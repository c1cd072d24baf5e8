import { createHash } from "node:crypto";
import type { MessageContent } from "#server/channels/types.ts";
import type { RenderableCampaign, RenderableContact } from "./render.ts";
import { renderOnThread } from "./render-pool.ts";

/** Makes one contact's message within the render budget. */
export type BudgetedRenderer = (contact: RenderableContact) => Promise<MessageContent>;

/**
 * The way every message is made for sending, Preview and the save check: as
 * `prepareCampaignRenderer` would make it, but on a render thread and within the
 * render budget (render-budget.ts), so no template, whatever a contact's data makes
 * of it, can hold the event loop. Each message rejects on its own, with
 * MessageRenderError (the field and the reason, `overBudget` when it was too slow,
 * large or hungry) or AppError INVALID when a template does not parse.
 */
export function prepareBudgetedRenderer(campaign: RenderableCampaign): BudgetedRenderer {
  const templates: RenderableCampaign = {
    type: campaign.type,
    subject: campaign.subject,
    content: campaign.content,
    contentFormat: campaign.contentFormat,
    whatsappTemplate: campaign.whatsappTemplate,
    whatsappLanguage: campaign.whatsappLanguage,
    whatsappParameters: campaign.whatsappParameters,
  };
  const key = createHash("sha256").update(JSON.stringify(templates)).digest("base64url");
  const field = campaign.type === "WHATSAPP" ? "whatsapp.parameters" : "content";
  return (contact) =>
    renderOnThread({
      key,
      campaign: templates,
      // Only what personalisation reads crosses to the thread.
      contact: {
        id: contact.id,
        email: contact.email,
        name: contact.name,
        phone: contact.phone,
        attributes: contact.attributes,
        ...(contact.event ? { event: contact.event } : {}),
      },
      field,
    });
}
