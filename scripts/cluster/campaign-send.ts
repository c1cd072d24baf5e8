// The send of the scenario: a team's SMTP provider pointed at a counting sink, a
// static segment of `recipients` contacts written in bulk, and a campaign sent now.
import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { saveProviderSettings } from "#server/channels/save-provider-settings.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { createSegment } from "#server/segments/segments.ts";
import type { TeamAccess } from "#server/teams/permissions.ts";
import { ProviderSettingsFormSchema } from "#shared/channels/settings-schemas.ts";
import { seedContacts } from "../../bench/lib/send-fixtures.ts";

/** Prepares everything but the send itself; `send` starts it (the workers take it from there). */
export async function prepareCampaign(
  db: Database,
  options: { access: TeamAccess; recipients: number; domain: string; smtpPort: number },
): Promise<{ campaignId: string; send: () => Promise<void> }> {
  const { access } = options;
  await saveProviderSettings(db, {
    access,
    form: ProviderSettingsFormSchema.parse({
      channel: "EMAIL",
      enabled: true,
      host: "127.0.0.1",
      port: options.smtpPort,
      security: "none",
      fromName: "Murmur",
      fromAddress: "news@cluster.test",
    }),
  });
  await seedContacts(db, { teamId: access.teamId, count: options.recipients, domain: options.domain });
  const segment = await createSegment(db, { access, name: "Cluster recipients" });
  await sql`
    insert into segment_members (segment_id, contact_id)
    select ${segment.id}, id from contacts where team_id = ${access.teamId} and email like ${`%@${options.domain}`}`.execute(
    db,
  );
  const campaign = await createCampaign(db, {
    access,
    input: {
      name: "Cluster send",
      type: "EMAIL",
      subject: "Hello {{ contact.name }}",
      content: '<p>Hi {{ contact.name }}, <a href="https://example.com/news">our news</a></p>',
      segmentIds: [segment.id],
      scheduledTime: "",
    },
  });
  return {
    campaignId: campaign.id,
    send: async () => {
      await sendCampaignNow(db, { access, campaignId: campaign.id });
    },
  };
}

/** The ledger of the campaign, counted by status. */
export async function countLedger(db: Database, campaignId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("deliveries")
    .select(["status", db.fn.countAll<number>().as("count")])
    .where("campaignId", "=", campaignId)
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}
