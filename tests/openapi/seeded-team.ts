import { getDb } from "#db/database.ts";
import { createWriteKey } from "#server/write-keys/write-keys.ts";
import { addContacts, draftCampaign, type sendQueues, staticSegment } from "../delivery/fixtures.ts";
import { campaignWithOutcomes } from "../delivery/outcomes-fixture.ts";
import { createSignedInUser } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";

/**
 * A team with something in every list the API shows: contacts, a static segment,
 * a sent campaign with opens, clicks, a bounce and an unsubscribe, a draft, a spare
 * campaign and segment to delete, and a server write key.
 */
export async function seededTeam(queues: ReturnType<typeof sendQueues>) {
  const user = await createSignedInUser();
  const { campaign: sent } = await campaignWithOutcomes(queues, user.teamId);
  const contactIds = await addContacts(user.teamId, [{ email: "extra@murmur.test", name: "Extra" }]);
  const segmentId = await staticSegment(user.teamId, contactIds, "Seeded");
  const spareSegmentId = await staticSegment(user.teamId, [], "Spare");
  const draft = await draftCampaign(user.teamId, { subject: "Draft", content: "<p>Hello</p>" });
  const spare = await draftCampaign(user.teamId, { subject: "Spare", content: "<p>Spare</p>" });
  const writeKey = await createWriteKey(getDb(), {
    access: await ownerAccess(user.teamId),
    name: "Seeded",
    kind: "server",
  });
  const spareKey = await createWriteKey(getDb(), {
    access: await ownerAccess(user.teamId),
    name: "Spare",
    kind: "client",
  });
  return {
    ...user,
    contactIds,
    segmentId,
    spareSegmentId,
    sentCampaignId: sent.id,
    draftCampaignId: draft.id,
    spareCampaignId: spare.id,
    writeKey: writeKey.key,
    spareWriteKeyId: spareKey.id,
    /** Set by the call that imports contacts, for the call that reads its skipped rows. */
    importId: undefined as string | undefined,
  };
}

export type SeededTeam = Awaited<ReturnType<typeof seededTeam>>;
