import { randomUUID } from "node:crypto";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { providerSenderFor } from "#server/channels/provider-sender.ts";
import type { MessageContent } from "#server/channels/types.ts";
import { messageIdDomain } from "#server/delivery/message-id.ts";

export type SystemMail = { to: string; subject: string; text: string };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Sends a mail from Murmur itself (a reset link, an address to confirm, an invitation)
 * through a team's email channel, or the team's outbox when none is configured, so an
 * install without SMTP still shows the link at /dashboard/outbox. The team is the one
 * named, else the first the user joined. Throws when the provider refuses, so the
 * caller can log it.
 */
export async function sendSystemMail(
  db: Database,
  options: ({ userId: string } | { teamId: string }) & { mail: SystemMail },
): Promise<void> {
  const team =
    "teamId" in options
      ? { teamId: options.teamId }
      : await db
          .selectFrom("teamMembers")
          .select("teamId")
          .where("userId", "=", options.userId)
          .orderBy("createdAt")
          .limit(1)
          .executeTakeFirstOrThrow();
  const id = randomUUID();
  const messageId = `<account-${id}@${messageIdDomain()}>`;
  const html = options.mail.text
    .split("\n\n")
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join("");
  const content: MessageContent = {
    channel: "EMAIL",
    subject: options.mail.subject,
    html,
    text: options.mail.text,
    headers: {},
  };
  const sender = await providerSenderFor(db, team.teamId, "EMAIL");
  if (!sender) {
    // No provider: the outbox keeps it, outside any campaign.
    await db
      .insertInto("outboxMessages")
      .values({
        id: newId(),
        teamId: team.teamId,
        channel: "EMAIL",
        toAddress: options.mail.to,
        messageId,
        summary: content.subject,
        content: JSON.stringify(content),
      })
      .execute();
    return;
  }
  try {
    const outcome = await sender.send({
      teamId: team.teamId,
      campaignId: id,
      contactId: id,
      deliveryId: id,
      messageId,
      to: options.mail.to,
      content,
    });
    if (outcome.status !== "sent") throw new Error(`System mail not sent: ${outcome.reason}`);
  } finally {
    await sender.close();
  }
}
