import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { isDemoTeam } from "#server/teams/demo-team.ts";
import { createOutboxSender } from "./outbox-sender.ts";
import { providerSenderFor } from "./provider-sender.ts";
import type { ChannelSender } from "./types.ts";

/** How the delivery engine finds the sender of a team's channel (replaceable in tests and benchmarks). */
export type SenderResolver = (db: Database, teamId: string, channel: CampaignType) => Promise<ChannelSender>;

/**
 * The sender a team's campaign on `channel` goes through: the provider configured
 * in Settings → Channels (SMTP for email, Twilio for SMS, WhatsApp Cloud API for
 * WhatsApp), or the built-in outbox when the team has configured none. A demo team
 * always sends to the outbox, whatever settings its row may hold.
 */
export const senderFor: SenderResolver = async (db, teamId, channel) => {
  if (await isDemoTeam(db, teamId)) return createOutboxSender(db, channel);
  return (await providerSenderFor(db, teamId, channel)) ?? createOutboxSender(db, channel);
};
