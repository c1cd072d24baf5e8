import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { auditLogPage } from "#server/audit-log/entries.ts";
import { createApiKey, revokeApiKey } from "#server/api-keys/api-keys.ts";
import { createCampaign, deleteCampaign, updateCampaign } from "#server/campaigns/campaigns.ts";
import { scheduleCampaign, unscheduleCampaign } from "#server/campaigns/schedule.ts";
import { saveProviderSettings } from "#server/channels/save-provider-settings.ts";
import { receiveImportChunk } from "#server/contacts/receive-import.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { createFilterSegment, updateFilterSegment } from "#server/segments/filter-segments.ts";
import { deleteSegment } from "#server/segments/segments.ts";
import type { TeamAccess } from "#server/teams/permissions.ts";
import { updateTeamSettings } from "#server/teams/settings.ts";
import { createWriteKey, revokeWriteKey } from "#server/write-keys/write-keys.ts";
import { signedIn } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

async function actionsOf(access: TeamAccess) {
  const page = await auditLogPage(getDb(), { access, timeZone: "UTC", filter: {}, limit: 100 });
  return page.rows
    .filter((entry) => !entry.action.startsWith("sign-in"))
    .map((entry) => [entry.action, entry.target?.label ?? null])
    .reverse();
}

const ALL = { type: "group", operator: "and", conditions: [] } as never;

describe("what the domain functions write to the audit log", () => {
  test("campaigns, segments, imports, keys, channels and team settings each leave their entry, oldest first here", async () => {
    const owner = await signedIn();
    const access = await ownerAccess(owner.teamId);
    const db = getDb();
    const input = { name: "Spring sale", type: "EMAIL" as const, segmentIds: [] };
    const campaign = await createCampaign(db, { access, input });
    await updateCampaign(db, { access, campaignId: campaign.id, input: { ...input, name: "Spring sale 2" } });
    await deleteCampaign(db, { access, campaignId: campaign.id });
    const segment = await createFilterSegment(db, { access, name: "Everyone", filter: ALL });
    await updateFilterSegment(db, { access, segmentId: segment.id, filter: ALL });
    await deleteSegment(db, { access, segmentId: segment.id });
    await receiveImportChunk(db, {
      access,
      input: { fileName: "leads.csv", contacts: [{ name: "Ada", email: "ada@example.com", phone: null }] },
    });
    const writeKey = await createWriteKey(db, { access, name: "Site", kind: "client" });
    await revokeWriteKey(db, { access, keyId: writeKey.id });
    await revokeWriteKey(db, { access, keyId: writeKey.id });
    const apiKey = await createApiKey(db, { access, name: "Reports", role: "viewer" });
    await revokeApiKey(db, { access, keyId: apiKey.id });
    await updateTeamSettings(db, { access, input: { timeZone: "Europe/Paris", postalAddress: "" } });

    expect(await actionsOf(access)).toEqual([
      ["campaign.created", "Spring sale"],
      ["campaign.edited", "Spring sale 2"],
      ["campaign.deleted", "Spring sale 2"],
      ["segment.created", "Everyone"],
      ["segment.edited", "Everyone"],
      ["segment.deleted", "Everyone"],
      ["import.started", "leads.csv"],
      ["import.finished", null],
      ["write-key.created", "Site"],
      ["write-key.revoked", "Site"],
      ["api-key.created", "Reports"],
      ["api-key.revoked", "Reports"],
      ["team-settings.saved", null],
    ]);
  });

  test("scheduling, unscheduling and sending a campaign are logged; a refused change leaves nothing", async () => {
    const owner = await signedIn();
    const access = await ownerAccess(owner.teamId);
    const db = getDb();
    const input = { name: "Launch", type: "SMS" as const, segmentIds: [], content: "Hello" };
    const campaign = await createCampaign(db, { access, input });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await scheduleCampaign(db, { access, campaignId: campaign.id, scheduledTime: later });
    await unscheduleCampaign(db, { access, campaignId: campaign.id });
    await sendCampaignNow(db, { access, campaignId: campaign.id });
    const viewer: TeamAccess = { ...access, role: "viewer" };
    await expect(deleteCampaign(db, { access: viewer, campaignId: campaign.id })).rejects.toMatchObject({
      status: 403,
    });

    expect((await actionsOf(access)).map(([action]) => action)).toEqual([
      "campaign.created",
      "campaign.scheduled",
      "campaign.unscheduled",
      "campaign.sent",
    ]);
  });

  test("a channel save names the fields that changed, never a secret's value", async () => {
    const owner = await signedIn();
    const access = await ownerAccess(owner.teamId);
    const form = {
      channel: "SMS",
      enabled: true,
      accountSid: "AC00000000000000000000000000000001",
      authToken: "a-very-secret-token-value",
      fromNumber: "+14155550100",
    } as never;
    await saveProviderSettings(getDb(), { access, form });
    const page = await auditLogPage(getDb(), { access, timeZone: "UTC", filter: { action: "channel-settings.saved" } });
    expect(page.rows).toHaveLength(1);
    expect(JSON.stringify(page.rows[0])).not.toContain("a-very-secret-token-value");
    expect(page.rows[0]!.details).toMatchObject({
      channel: "SMS",
      changedFields: expect.arrayContaining(["authToken"]),
    });
  });
});
