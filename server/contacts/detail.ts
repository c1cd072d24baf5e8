import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId, requireFound } from "#server/not-found.ts";

export type ChannelName = "EMAIL" | "SMS" | "WHATSAPP";

/** Where a contact stands on one channel: its address, its own status, and a team-wide suppression of that address. */
export type ChannelSubscription = {
  channel: ChannelName;
  address: string | null;
  status: string;
  suppressed: { reason: string; since: Date } | null;
};

export type ContactDetail = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  externalId: string | null;
  attributes: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  subscriptions: ChannelSubscription[];
  anonymousIds: string[];
};

/** Anonymous ids listed on the page; a contact can gather many devices over the years. */
const ANONYMOUS_IDS_SHOWN = 20;

const NOT_FOUND = "Contact not found.";

/**
 * One contact of the team with everything its page shows. An unknown id, a
 * malformed one and another team's are all NOT_FOUND, never a database error.
 */
export async function getContactDetail(
  db: Database,
  options: { teamId: string; contactId: string },
): Promise<ContactDetail> {
  const { teamId, contactId } = options;
  if (!isWellFormedId(contactId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const found = await db
    .selectFrom("contacts")
    .select([
      "id",
      "name",
      "email",
      "phone",
      "externalId",
      "attributes",
      "createdAt",
      "updatedAt",
      "emailStatus",
      "smsStatus",
      "whatsappStatus",
    ])
    .where("teamId", "=", teamId)
    .where("id", "=", contactId)
    .executeTakeFirst();
  const contact = requireFound(found, NOT_FOUND);

  const [suppressions, aliases] = await Promise.all([
    // Suppressions are kept per address (emails lower-case, phones in E.164), not per contact.
    db
      .selectFrom("suppressions")
      .select(["channel", "reason", "createdAt"])
      .where("teamId", "=", teamId)
      .where((eb) =>
        eb.or([
          eb.and([eb("channel", "=", "EMAIL"), eb("address", "=", sql<string>`lower(${contact.email ?? ""})`)]),
          eb.and([eb("channel", "in", ["SMS", "WHATSAPP"]), eb("address", "=", contact.phone ?? "")]),
        ]),
      )
      .execute(),
    db
      .selectFrom("contactAliases")
      .select("anonymousId")
      .where("teamId", "=", teamId)
      .where("contactId", "=", contact.id)
      .orderBy("createdAt")
      .orderBy("anonymousId")
      .limit(ANONYMOUS_IDS_SHOWN)
      .execute(),
  ]);
  const suppressedOn = (channel: ChannelName) => {
    const row = suppressions.find((s) => s.channel === channel);
    return row ? { reason: row.reason, since: row.createdAt } : null;
  };

  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    externalId: contact.externalId,
    attributes: isRecord(contact.attributes) ? contact.attributes : {},
    createdAt: contact.createdAt,
    updatedAt: contact.updatedAt,
    subscriptions: [
      {
        channel: "EMAIL",
        address: contact.email,
        status: contact.emailStatus,
        suppressed: contact.email ? suppressedOn("EMAIL") : null,
      },
      {
        channel: "SMS",
        address: contact.phone,
        status: contact.smsStatus,
        suppressed: contact.phone ? suppressedOn("SMS") : null,
      },
      {
        channel: "WHATSAPP",
        address: contact.phone,
        status: contact.whatsappStatus,
        suppressed: contact.phone ? suppressedOn("WHATSAPP") : null,
      },
    ],
    anonymousIds: aliases.map((a) => a.anonymousId),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
