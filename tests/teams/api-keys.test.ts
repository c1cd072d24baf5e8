import { describe, expect, test } from "vitest";
import { action as apiKeysAction, loader as apiKeysPage } from "#app/routes/dashboard/api-keys.tsx";
import { action as revokeAction } from "#app/routes/dashboard/api-access-key-revoke.tsx";
import { loader as getCampaign } from "#app/routes/api/campaign.ts";
import { action as createSegmentApi, loader as listSegmentsApi } from "#app/routes/api/segments.ts";
import { getDb } from "#db/database.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { teamWithRoles, type TeamMember } from "../factories.ts";
import { bearer, formRequest, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

// API keys as a client meets them: made in Settings → API keys by an Owner or Admin,
// shown once, then sent as `Authorization: Bearer` with the role they were given.

async function createKey(member: TeamMember, fields: { name: string; role: string }) {
  const response = await serveDashboard(
    apiKeysAction,
    formRequest("/dashboard/settings/api-keys", { intent: "create-api-key", ...fields }, member.cookie),
  );
  return { response, body: (await response.json()) as { createdApiKey: { key: string } | null; result: unknown } };
}

async function keyOf(member: TeamMember, fields: { name: string; role: string }): Promise<string> {
  const { response, body } = await createKey(member, fields);
  expect(response.status).toBe(201);
  return body.createdApiKey!.key;
}

const postSegment = (key: string, name = "From a key") =>
  respond(() => createSegmentApi(routeArgs(jsonRequest("/api/segments", { name }, { headers: bearer(key) }))));

describe("API keys", () => {
  test("an Admin creates a Viewer key, shown once: it reads, and a POST is a 403 naming the role", async () => {
    const { members } = await teamWithRoles();
    const key = await keyOf(members.admin, { name: "Reporting", role: "viewer" });
    expect(key).toMatch(/^mak_/);

    const page = await serveDashboard(apiKeysPage, getRequest("/dashboard/settings/api-keys", members.admin.cookie));
    const listed = JSON.stringify(await page.json());
    expect(listed).toContain("Reporting");
    expect(listed).not.toContain(key);

    const list = await respond(() => listSegmentsApi(routeArgs(getRequest("/api/segments", bearer(key)))));
    expect(list.status).toBe(200);
    const refused = await postSegment(key);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "A Viewer cannot change segments." });
  });

  test("a Marketer key creates a segment; revoked, the same key is a 401", async () => {
    const { teamId, members } = await teamWithRoles();
    const key = await keyOf(members.owner, { name: "CRM sync", role: "marketer" });
    const created = await postSegment(key, "Synced");
    expect(created.status).toBe(201);
    const segment = await getDb()
      .selectFrom("segments")
      .select("name")
      .where("teamId", "=", teamId)
      .where("name", "=", "Synced")
      .execute();
    expect(segment).toHaveLength(1);

    const [row] = await getDb()
      .selectFrom("apiKeys")
      .select(["id", "lastUsedAt"])
      .where("teamId", "=", teamId)
      .execute();
    expect(row!.lastUsedAt).not.toBeNull();
    const revoked = await serveDashboard(
      revokeAction,
      formRequest(`/dashboard/settings/api-keys/api/${row!.id}/revoke`, {}, members.admin.cookie),
      { id: row!.id },
    );
    expect(revoked.status).toBe(302);
    const after = await postSegment(key, "Too late");
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "This API key is invalid or has been revoked." });
  });

  test("a key sees its own team only: another team's campaign is a 404", async () => {
    const mine = await teamWithRoles();
    const other = await teamWithRoles();
    const theirs = await createCampaign(getDb(), {
      access: await ownerAccess(other.teamId),
      input: { name: "Theirs", type: "EMAIL", segmentIds: [] },
    });
    const key = await keyOf(mine.members.admin, { name: "Admin key", role: "admin" });
    const response = await respond(() =>
      getCampaign(routeArgs(getRequest(`/api/campaigns/${theirs.id}`, bearer(key)), { params: { id: theirs.id } })),
    );
    expect(response.status).toBe(404);
  });

  test("only Owners and Admins create keys, never an Owner key, and a Viewer cannot open the page", async () => {
    const { members } = await teamWithRoles();
    const marketer = await serveDashboard(
      apiKeysAction,
      formRequest("/dashboard/settings/api-keys", { intent: "create-api-key", name: "Mine" }, members.marketer.cookie),
    );
    expect(marketer.status).toBe(403);
    expect(await marketer.text()).toContain("A Marketer cannot create or revoke API keys.");

    const owner = await createKey(members.owner, { name: "Root", role: "owner" });
    expect(owner.response.status).toBe(400);
    expect(owner.body.createdApiKey).toBeNull();

    const page = await serveDashboard(apiKeysPage, getRequest("/dashboard/settings/api-keys", members.viewer.cookie));
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("A Viewer cannot see API keys.");
  });
});
