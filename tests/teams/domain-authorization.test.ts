import { expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { scheduleCampaign } from "#server/campaigns/schedule.ts";
import { receiveImportChunk } from "#server/contacts/receive-import.ts";
import { deleteDemoTeam } from "#server/demo/delete-demo-team.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { dismissOnboarding, keepOutbox } from "#server/onboarding/checklist.ts";
import { createSegment } from "#server/segments/segments.ts";
import { updateTeamSettings } from "#server/teams/settings.ts";
import { createWriteKey } from "#server/write-keys/write-keys.ts";
import { createUser } from "../factories.ts";
import { memberAccess, ownerAccess } from "../team-access.ts";

// The domain functions decide, whoever calls them (a route, a job, the CLI): a role
// without the permission is refused with the 403 message before anything is written.

test("a Viewer's access is refused by every function that changes something, and nothing is written", async () => {
  const { teamId, userId } = await createUser();
  const viewer = await memberAccess(teamId, "viewer", userId);
  const draft = await createCampaign(getDb(), {
    access: await ownerAccess(teamId),
    input: { name: "Draft", type: "EMAIL", subject: "Hi", content: "<p>Hi</p>", segmentIds: [] },
  });
  const refusals = [
    [createSegment(getDb(), { access: viewer, name: "Nope" }), "A Viewer cannot change segments."],
    [
      createCampaign(getDb(), { access: viewer, input: { name: "Nope", type: "EMAIL", segmentIds: [] } }),
      "A Viewer cannot change campaigns.",
    ],
    [sendCampaignNow(getDb(), { access: viewer, campaignId: draft.id }), "A Viewer cannot schedule or send campaigns."],
    [
      scheduleCampaign(getDb(), { access: viewer, campaignId: draft.id, scheduledTime: "2099-01-01T00:00:00Z" }),
      "A Viewer cannot schedule or send campaigns.",
    ],
    [
      receiveImportChunk(getDb(), {
        access: viewer,
        input: { contacts: [{ name: "N", email: "n@x.test", phone: null }] },
      }),
      "A Viewer cannot import contacts.",
    ],
    [
      updateTeamSettings(getDb(), { access: viewer, input: { timeZone: "UTC" } }),
      "A Viewer cannot change team settings.",
    ],
    [
      createWriteKey(getDb(), { access: viewer, name: "Nope", kind: "client" }),
      "A Viewer cannot create or revoke API keys.",
    ],
  ] as const;
  for (const [call, message] of refusals) await expect(call).rejects.toMatchObject({ code: "FORBIDDEN", message });

  const written = await Promise.all([
    getDb().selectFrom("segments").select("id").where("teamId", "=", teamId).execute(),
    getDb().selectFrom("contacts").select("id").where("teamId", "=", teamId).execute(),
    getDb().selectFrom("writeKeys").select("id").where("teamId", "=", teamId).execute(),
    getDb().selectFrom("campaigns").select("state").where("teamId", "=", teamId).execute(),
  ]);
  expect(written.map((rows) => rows.length)).toEqual([0, 0, 0, 1]);
  expect(written[3]).toEqual([{ state: "DRAFT" }]);
});

test("a Marketer may not manage write keys; an Admin may", async () => {
  const { teamId, userId } = await createUser();
  await expect(
    createWriteKey(getDb(), { access: await memberAccess(teamId, "marketer", userId), name: "K", kind: "client" }),
  ).rejects.toMatchObject({ code: "FORBIDDEN", message: "A Marketer cannot create or revoke API keys." });
  const key = await createWriteKey(getDb(), {
    access: await memberAccess(teamId, "admin", userId),
    name: "K",
    kind: "client",
  });
  expect(key.key).toMatch(/^mwk_/);
});

test("setting the team up is a manager's and deleting a demo an Owner's, whoever calls the functions", async () => {
  const { teamId, userId } = await createUser();
  await getDb().updateTable("teams").set({ isDemo: true }).where("id", "=", teamId).execute();
  const viewer = await memberAccess(teamId, "viewer", userId);
  await expect(dismissOnboarding(getDb(), { access: viewer })).rejects.toMatchObject({
    code: "FORBIDDEN",
    message: "A Viewer cannot change team settings.",
  });
  await expect(keepOutbox(getDb(), { access: viewer })).rejects.toMatchObject({
    code: "FORBIDDEN",
    message: "A Viewer cannot change team settings.",
  });
  // Refused before the session is looked at: no session is needed to prove it.
  const sessionId = crypto.randomUUID();
  await expect(
    deleteDemoTeam(getDb(), { access: await memberAccess(teamId, "admin", userId), userId, sessionId }),
  ).rejects.toMatchObject({ code: "FORBIDDEN", message: "An Admin cannot delete the team." });
  const team = await getDb()
    .selectFrom("teams")
    .select(["isDemo", "onboardingDismissedAt", "outboxKeptAt"])
    .where("id", "=", teamId)
    .executeTakeFirst();
  expect(team).toEqual({ isDemo: true, onboardingDismissedAt: null, outboxKeptAt: null });

  await dismissOnboarding(getDb(), { access: await memberAccess(teamId, "admin", userId) });
  const dismissed = await getDb()
    .selectFrom("teams")
    .select("onboardingDismissedAt")
    .where("id", "=", teamId)
    .executeTakeFirstOrThrow();
  expect(dismissed.onboardingDismissedAt).toBeInstanceOf(Date);
});
