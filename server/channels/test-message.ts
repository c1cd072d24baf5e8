import { randomUUID } from "node:crypto";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { AppError } from "#server/errors.ts";
import { senderFromSettings } from "./provider-sender.ts";
import { UnreadableSecretError } from "#server/secrets/secret-box.ts";
import { readChannelSettings } from "./settings.ts";
import type { MessageContent, SendOutcome } from "./types.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

export type TestMessage = { to: string; template?: string; language?: string };

function testContent(channel: CampaignType, message: TestMessage): MessageContent {
  switch (channel) {
    case "EMAIL":
      return {
        channel,
        subject: "Murmur test message",
        html: "<p>This is a test message from Murmur. Your SMTP settings work.</p>",
        text: "This is a test message from Murmur. Your SMTP settings work.",
        headers: {},
      };
    case "SMS":
      return { channel, body: "This is a test message from Murmur. Your Twilio settings work." };
    case "WHATSAPP":
      return {
        channel,
        template: message.template ?? "hello_world",
        language: message.language ?? "en_US",
        bodyParameters: [],
      };
  }
}

/**
 * Sends one message through the team's saved provider, enabled or not, so settings
 * can be tried before campaigns use them. Answers what the provider said.
 */
export async function sendTestMessage(
  db: Database,
  options: { access: TeamAccess; channel: CampaignType; message: TestMessage },
): Promise<SendOutcome> {
  authorize(options.access, "channels.manage");
  const { teamId } = options.access;
  let settings;
  try {
    settings = await readChannelSettings(db, { teamId, channel: options.channel });
  } catch (error) {
    if (error instanceof UnreadableSecretError)
      throw new AppError("INVALID", "The saved secrets can no longer be decrypted; enter them again and save.");
    throw error;
  }
  if (!settings) throw new AppError("INVALID", "Save the settings before sending a test message.");
  // Test sends reach no campaign: no status callback is asked for.
  const sender = senderFromSettings(teamId, settings, undefined);
  try {
    const id = randomUUID();
    return await sender.send({
      teamId,
      campaignId: id,
      contactId: id,
      deliveryId: id,
      messageId: `<test-${id}@murmur.local>`,
      to: options.message.to,
      content: testContent(options.channel, options.message),
    });
  } finally {
    await sender.close();
  }
}
