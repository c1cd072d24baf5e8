import type { Database } from "#db/database.ts";
import type { MessageContent } from "#server/channels/types.ts";
import { getTeamSettings } from "#server/teams/settings.ts";
import { trackingBaseUrl } from "#server/tracking/base-url.ts";
import { instrumentEmail } from "#server/tracking/instrument-email.ts";
import { getTrackingKey } from "#server/tracking/key.ts";

/** Turns one recipient's rendered message into what is handed to the provider. */
export type MessageFinisher = (
  content: MessageContent,
  recipient: { deliveryId: string; contactId: string },
) => MessageContent;

/**
 * Every email the pipeline sends goes out instrumented: tracked links, the open
 * pixel, the footer with the team's postal address, an unsubscribe link and the
 * one-click List-Unsubscribe headers. Loads the key and the team's address once per
 * chunk; SMS and WhatsApp pass through unchanged.
 */
export async function prepareMessageFinisher(
  db: Database,
  campaign: { teamId: string; type: string },
): Promise<MessageFinisher> {
  if (campaign.type !== "EMAIL") return (content) => content;
  const [key, team] = await Promise.all([getTrackingKey(db), getTeamSettings(db, { teamId: campaign.teamId })]);
  const baseUrl = trackingBaseUrl();
  return (content, recipient) => {
    if (content.channel !== "EMAIL") return content;
    const tracked = instrumentEmail({
      html: content.html,
      text: content.text,
      deliveryId: recipient.deliveryId,
      teamId: campaign.teamId,
      contactId: recipient.contactId,
      key,
      baseUrl,
      postalAddress: team.postalAddress,
    });
    return { ...content, html: tracked.html, text: tracked.text, headers: { ...content.headers, ...tracked.headers } };
  };
}
