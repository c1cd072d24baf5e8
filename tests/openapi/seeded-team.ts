import { getDb } from "#db/database.ts";
import { createInvitation } from "#server/members/invitations.ts";
import { startSegmentErasure } from "#server/privacy/segment-erasures.ts";
import { createWriteKey } from "#server/write-keys/write-keys.ts";
import { rollUpEvents } from "../analytics/roll-up.ts";
import { personAccess } from "../audit/team-people.ts";
import { addContacts, draftCampaign, type sendQueues, staticSegment } from "../delivery/fixtures.ts";
import { campaignWithOutcomes } from "../delivery/outcomes-fixture.ts";
import { seedEvents } from "../events/seed.ts";
import { draftJourney } from "../journeys/journey-fixtures.ts";
import { createSignedInUser, uniqueEmail } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";
import { memberOf, tokenOf } from "../teams/team-api.ts";

/**
 * A team with something in every list the API shows: contacts, a static segment,
 * a sent campaign with opens, clicks, a bounce and an unsubscribe, a draft, a spare
 * campaign and segment to delete, a draft journey and a spare one, a server write key; a Viewer and a spare Marketer
 * beside the Owner, two open invitations (one to resend, one to revoke), and someone
 * outside the team invited to it, signed in, who can accept; yesterday's sign-ins
 * with a plan, rolled up, so the analytics answer has property values to show.
 */
export async function seededTeam(queues: ReturnType<typeof sendQueues>) {
  const user = await createSignedInUser();
  const { campaign: sent } = await campaignWithOutcomes(queues, user.teamId);
  const contactIds = await addContacts(user.teamId, [{ email: "extra@murmur.test", name: "Extra" }]);
  const segmentId = await staticSegment(user.teamId, contactIds, "Seeded");
  const [erasedById] = await addContacts(user.teamId, [{ email: "erase-me@murmur.test", name: "Erase Me" }]);
  await addContacts(user.teamId, [{ email: "erase-by-email@murmur.test", name: "Erase By Email" }]);
  const spareSegmentId = await staticSegment(user.teamId, [], "Spare");
  // Empty: erasing its contacts touches nothing the other calls read.
  const erasableSegmentId = await staticSegment(user.teamId, [], "To erase");
  const erasure = await startSegmentErasure(getDb(), {
    access: await ownerAccess(user.teamId),
    segmentId: await staticSegment(user.teamId, [], "Erased before"),
    confirm: "Erased before",
  });
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
  const journey = await draftJourney(user.teamId);
  const spareJourney = await draftJourney(user.teamId);
  const yesterday = new Date(Date.now() - 86_400_000);
  await seedEvents(user.teamId, [
    { name: "Signed In", properties: { plan: "pro" }, occurredAt: yesterday },
    { name: "Signed In", properties: { plan: "free" }, occurredAt: yesterday },
  ]);
  await rollUpEvents();
  const viewer = await memberOf(user.teamId, "viewer");
  const spareMember = await memberOf(user.teamId, "marketer");
  const invite = (email: string) =>
    createInvitation(getDb(), {
      access: personAccess(user),
      email,
      role: "marketer",
      baseUrl: "http://murmur.test",
    });
  const invitation = await invite(uniqueEmail("invited"));
  const spareInvitation = await invite(uniqueEmail("spare-invited"));
  const invitee = await createSignedInUser();
  const inviteeInvitation = await invite(invitee.email);
  const unusedInvitation = await invite(uniqueEmail("unused-invited"));
  return {
    ...user,
    contactIds,
    /** A contact for the erase call; another is erased by its email, erase-by-email@murmur.test. */
    erasedContactId: erasedById!,
    segmentId,
    spareSegmentId,
    /** An empty segment whose contacts the erase call erases, named "To erase". */
    erasableSegmentId,
    erasureId: erasure.id,
    sentCampaignId: sent.id,
    draftCampaignId: draft.id,
    spareCampaignId: spare.id,
    /** A draft the calls edit, start, pause and stop in that order; the spare one is deleted. */
    journeyId: journey.id,
    spareJourneyId: spareJourney.id,
    writeKey: writeKey.key,
    spareWriteKeyId: spareKey.id,
    viewerToken: viewer.token,
    spareMemberId: spareMember.userId,
    invitationId: invitation.id,
    spareInvitationId: spareInvitation.id,
    inviteeToken: invitee.token,
    inviteeInvitationToken: tokenOf(inviteeInvitation.acceptUrl),
    /** For another address than the Viewer's, so a Viewer accepting it is refused. */
    unusedInvitationToken: tokenOf(unusedInvitation.acceptUrl),
    /** Set by the call that imports contacts, for the call that reads its skipped rows. */
    importId: undefined as string | undefined,
  };
}

export type SeededTeam = Awaited<ReturnType<typeof seededTeam>>;
