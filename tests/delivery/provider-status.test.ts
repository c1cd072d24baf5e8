import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { recordProviderStatus } from "#server/delivery/provider-status.ts";
import { createUser, uniqueEmail } from "../factories.ts";

// A campaign with one delivery in a given state, written straight into the ledger,
// as the send pipeline leaves it after the provider accepted the message.
async function sentDelivery(status: string, channel: "EMAIL" | "SMS" = "EMAIL") {
  const db = getDb();
  const { teamId } = await createUser();
  const email = uniqueEmail("recipient");
  const contactId = newId();
  await db.insertInto("contacts").values({ id: contactId, teamId, email, phone: "+14155550100" }).execute();
  const campaignId = newId();
  await db
    .insertInto("campaigns")
    .values({ id: campaignId, teamId, name: "Launch", type: channel, state: "ACTIVE" })
    .execute();
  const providerMessageId = `provider-${newId()}`;
  const address = channel === "EMAIL" ? email : "+14155550100";
  const row = await db
    .insertInto("deliveries")
    .values({
      teamId,
      campaignId,
      contactId,
      channel,
      address,
      status,
      providerMessageId,
      sentAt: status === "sent" ? new Date() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { teamId, campaignId, contactId, email, providerMessageId, deliveryId: row.id };
}

const deliveryRow = (id: string) =>
  getDb()
    .selectFrom("deliveries")
    .select(["status", "error", "deliveredAt", "readAt", "bouncedAt", "sentAt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("recordProviderStatus", () => {
  test("delivered and read stamp the delivery once; the first time wins", async () => {
    const d = await sentDelivery("sent", "SMS");
    const first = new Date("2026-01-01T10:00:00Z");
    const recorded = await recordProviderStatus(getDb(), {
      teamId: d.teamId,
      channel: "SMS",
      providerMessageId: d.providerMessageId,
      status: "delivered",
      at: first,
    });
    expect(recorded).toEqual({ deliveryId: d.deliveryId, campaignId: d.campaignId, teamId: d.teamId });
    await recordProviderStatus(getDb(), {
      teamId: d.teamId,
      channel: "SMS",
      providerMessageId: d.providerMessageId,
      status: "delivered",
      at: new Date("2026-01-02T10:00:00Z"),
    });
    await recordProviderStatus(getDb(), {
      teamId: d.teamId,
      channel: "SMS",
      providerMessageId: d.providerMessageId,
      status: "read",
      at: new Date("2026-01-03T10:00:00Z"),
    });
    const row = await deliveryRow(d.deliveryId);
    expect(row).toMatchObject({ status: "sent", deliveredAt: first, readAt: new Date("2026-01-03T10:00:00Z") });
  });

  test("a failure after sending marks the delivery failed and bounced, and suppresses the email address", async () => {
    const d = await sentDelivery("sent");
    await recordProviderStatus(getDb(), {
      teamId: d.teamId,
      channel: "EMAIL",
      providerMessageId: d.providerMessageId,
      status: "failed",
      reason: "550 5.1.1 user unknown",
      at: new Date(),
    });
    const row = await deliveryRow(d.deliveryId);
    expect(row.status).toBe("failed");
    expect(row.error).toBe("550 5.1.1 user unknown");
    expect(row.bouncedAt).not.toBeNull();
    const suppression = await getDb()
      .selectFrom("suppressions")
      .select(["address", "reason"])
      .where("teamId", "=", d.teamId)
      .execute();
    expect(suppression).toEqual([{ address: d.email.toLowerCase(), reason: "bounced" }]);
    const contact = await getDb()
      .selectFrom("contacts")
      .select("emailStatus")
      .where("id", "=", d.contactId)
      .executeTakeFirstOrThrow();
    expect(contact.emailStatus).toBe("bounced");
  });

  test("a delivery whose outcome was unknown becomes sent when the provider reports it delivered", async () => {
    const d = await sentDelivery("unknown");
    await recordProviderStatus(getDb(), {
      teamId: d.teamId,
      channel: "EMAIL",
      providerMessageId: d.providerMessageId,
      status: "delivered",
      at: new Date(),
    });
    const row = await deliveryRow(d.deliveryId);
    expect(row.status).toBe("sent");
    expect(row.sentAt).not.toBeNull();
  });

  test("an unknown provider id, or one of another channel, changes nothing", async () => {
    const d = await sentDelivery("sent", "SMS");
    expect(
      await recordProviderStatus(getDb(), {
        teamId: d.teamId,
        channel: "SMS",
        providerMessageId: "nope",
        status: "failed",
        at: new Date(),
      }),
    ).toBeNull();
    expect(
      await recordProviderStatus(getDb(), {
        teamId: d.teamId,
        channel: "WHATSAPP",
        providerMessageId: d.providerMessageId,
        status: "failed",
        at: new Date(),
      }),
    ).toBeNull();
    expect((await deliveryRow(d.deliveryId)).status).toBe("sent");
  });

  test("another team's report for this provider id changes nothing", async () => {
    const d = await sentDelivery("sent", "SMS");
    const other = await createUser();
    const report = {
      teamId: other.teamId,
      channel: "SMS" as const,
      providerMessageId: d.providerMessageId,
      at: new Date(),
    };
    expect(
      await recordProviderStatus(getDb(), { ...report, status: "failed", reason: "30003 Unreachable" }),
    ).toBeNull();
    expect(await recordProviderStatus(getDb(), { ...report, status: "delivered" })).toBeNull();
    expect(await deliveryRow(d.deliveryId)).toMatchObject({
      status: "sent",
      error: null,
      deliveredAt: null,
      bouncedAt: null,
    });
  });

  test("per-status counts follow the ledger", async () => {
    const d = await sentDelivery("sent", "SMS");
    await recordProviderStatus(getDb(), {
      teamId: d.teamId,
      channel: "SMS",
      providerMessageId: d.providerMessageId,
      status: "failed",
      reason: "30003 Unreachable",
      at: new Date(),
    });
    const counts = await getDb()
      .selectFrom("campaignDeliveryCounts")
      .select(["status", "total"])
      .where("campaignId", "=", d.campaignId)
      .orderBy("status")
      .execute();
    expect(counts).toEqual([
      { status: "failed", total: 1 },
      { status: "sent", total: 0 },
    ]);
  });
});
