import type { Selectable } from "kysely";
import type { Campaigns, Contacts } from "../../db/types.ts";
import type { MessageContent } from "../channels/types.ts";

export type RenderableContact = Pick<Selectable<Contacts>, "id" | "email" | "name" | "phone" | "attributes">;
export type CampaignRenderer = (contact: RenderableContact) => MessageContent;

/**
 * The campaign's message for one contact. A plain stand-in (no personalisation)
 * until campaign content rendering lands; the pipeline only relies on this shape.
 */
export function prepareRenderer(campaign: Pick<Selectable<Campaigns>, "type" | "subject" | "content">): CampaignRenderer {
  const subject = campaign.subject ?? "";
  const html = campaign.content ?? "";
  const text = html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  switch (campaign.type) {
    case "SMS":
      return () => ({ channel: "SMS", body: text });
    case "WHATSAPP":
      return (contact) => ({ channel: "WHATSAPP", template: subject, language: "en", bodyParameters: [contact.name ?? ""] });
    default:
      return () => ({ channel: "EMAIL", subject, html, text, headers: {} });
  }
}
