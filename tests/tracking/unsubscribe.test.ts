import { describe, expect, test } from "vitest";
import { action, loader, middleware } from "#app/routes/unsubscribe.tsx";
import { getDb } from "#db/database.ts";
import { deleteCampaign } from "#server/campaigns/campaigns.ts";
import { campaignAnalytics } from "#server/tracking/analytics.ts";
import { getTrackingKey } from "#server/tracking/key.ts";
import { signUnsubscribeToken } from "#server/tracking/tokens.ts";
import { unsubscribeByAddress } from "#server/tracking/unsubscribe.ts";
import { createUser } from "../factories.ts";
import { ORIGIN } from "../requests.ts";
import { createSentCampaign } from "./fixtures.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

/** A request as the router serves it: this route's middleware, then its loader or action. */
function serve(handler: typeof loader | typeof action, request: Request, token: string) {
  const args = routeArgs(request, { params: { token } });
  return respond(() => middleware[0]!(args as never, () => respond(() => handler(args as never))));
}

const page = (token: string) => serve(loader, new Request(`${ORIGIN}/u/${token}`), token);
const post = (token: string, body: URLSearchParams | FormData) =>
  serve(action, new Request(`${ORIGIN}/u/${token}`, { method: "POST", body }), token);

async function recipient(options: Parameters<typeof createSentCampaign>[1] = {}) {
  const { teamId } = await createUser();
  const { campaignId, recipients } = await createSentCampaign(teamId, { recipients: 1, ...options });
  const { contactId, deliveryId, address } = recipients[0]!;
  const token = signUnsubscribeToken(await getTrackingKey(getDb()), {
    deliveryId,
    teamId,
    contactId,
    channel: options.type ?? "EMAIL",
  });
  return { teamId, campaignId, contactId, address, token };
}

const statusOf = async (contactId: string) =>
  getDb()
    .selectFrom("contacts")
    .select(["emailStatus", "smsStatus"])
    .where("id", "=", contactId)
    .executeTakeFirstOrThrow();
const unsubscribedCount = async (teamId: string, campaignId: string) =>
  (await campaignAnalytics(getDb(), { teamId, campaignIds: [campaignId] })).get(campaignId)!.unsubscribed;
const teamName = async (teamId: string) =>
  (await getDb().selectFrom("teams").select("name").where("id", "=", teamId).executeTakeFirstOrThrow()).name;

describe("the unsubscribe page", () => {
  test("asks once, naming the team and the address, and changes nothing by being read", async () => {
    const { teamId, contactId, address, token } = await recipient();
    const response = await page(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      state: "ask",
      teamName: await teamName(teamId),
      messages: "emails",
      address: `r•••@${address.split("@")[1]}`,
    });
    expect(await statusOf(contactId)).toMatchObject({ emailStatus: "subscribed" });
  });

  test("its button (a plain form post) unsubscribes, then the page confirms it; a second press counts nothing twice", async () => {
    const { teamId, campaignId, contactId, token } = await recipient();
    const response = await post(token, new URLSearchParams());
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/u/${token}`);
    expect(await statusOf(contactId)).toMatchObject({ emailStatus: "unsubscribed" });
    expect(await (await page(token)).json()).toMatchObject({ state: "done", teamName: await teamName(teamId) });
    await post(token, new URLSearchParams());
    expect(await unsubscribedCount(teamId, campaignId)).toBe(1);
  });

  test("a mail client's RFC 8058 one-click POST gets a bare 200 and unsubscribes", async () => {
    const { teamId, campaignId, contactId, token } = await recipient();
    for (const body of [
      new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      formData({ "List-Unsubscribe": "One-Click" }),
    ]) {
      const response = await post(token, body);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("");
    }
    expect(await statusOf(contactId)).toMatchObject({ emailStatus: "unsubscribed" });
    expect(await unsubscribedCount(teamId, campaignId)).toBe(1);
    const event = await getDb()
      .selectFrom("engagementEvents")
      .select(["kind", "detail"])
      .where("contactId", "=", contactId)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ kind: "unsubscribe", detail: "one_click" });
  });

  test("a token Murmur did not sign is a 404 page, and unsubscribes nobody", async () => {
    const { contactId, token } = await recipient();
    const broken = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    const response = await page(broken);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ state: "invalid" });
    expect((await post(broken, new URLSearchParams({ "List-Unsubscribe": "One-Click" }))).status).toBe(200);
    expect((await post(broken, new URLSearchParams())).status).toBe(404);
    expect(await statusOf(contactId)).toMatchObject({ emailStatus: "subscribed" });
  });

  test("still works after the campaign was deleted", async () => {
    const { teamId, campaignId, contactId, token } = await recipient();
    await deleteCampaign(getDb(), { access: await ownerAccess(teamId), campaignId });
    expect(await (await page(token)).json()).toMatchObject({ state: "ask" });
    expect((await post(token, new URLSearchParams())).status).toBe(303);
    expect(await statusOf(contactId)).toMatchObject({ emailStatus: "unsubscribed" });
  });

  test("a bounced address keeps its status; the page says it receives nothing", async () => {
    const { contactId, token } = await recipient();
    await getDb().updateTable("contacts").set({ emailStatus: "bounced" }).where("id", "=", contactId).execute();
    expect(await (await page(token)).json()).toMatchObject({ state: "done" });
    await post(token, new URLSearchParams());
    expect(await statusOf(contactId)).toMatchObject({ emailStatus: "bounced" });
  });
});

describe("unsubscribeByAddress (SMS STOP)", () => {
  test("unsubscribes the number from SMS only, counts it against the campaign that texted it, once", async () => {
    const { teamId, campaignId, contactId, address } = await recipient({ type: "SMS" });
    const stop = { teamId, channel: "SMS" as const, address, source: "sms_stop" };
    expect(await unsubscribeByAddress(getDb(), stop)).toEqual({ unsubscribed: 1 });
    expect(await statusOf(contactId)).toEqual({ emailStatus: "subscribed", smsStatus: "unsubscribed" });
    expect(await unsubscribedCount(teamId, campaignId)).toBe(1);
    expect(await unsubscribeByAddress(getDb(), stop)).toEqual({ unsubscribed: 0 });
    expect(await unsubscribedCount(teamId, campaignId)).toBe(1);
  });

  test("finds the number however the provider writes it, and never another team's contact", async () => {
    const { teamId, contactId, address } = await recipient({ type: "SMS" });
    const stranger = await recipient({ type: "SMS" });
    await getDb().updateTable("contacts").set({ phone: address }).where("id", "=", stranger.contactId).execute();
    expect(
      await unsubscribeByAddress(getDb(), { teamId, channel: "SMS", address: address.slice(1), source: "sms_stop" }),
    ).toEqual({ unsubscribed: 1 });
    expect(await statusOf(contactId)).toMatchObject({ smsStatus: "unsubscribed" });
    expect(await statusOf(stranger.contactId)).toMatchObject({ smsStatus: "subscribed" });
  });

  test("a number no campaign texted is still unsubscribed, and recorded on the contact", async () => {
    const { teamId } = await createUser();
    const [contact] = await getDb()
      .insertInto("contacts")
      .values({
        id: crypto.randomUUID(),
        teamId,
        name: "Walk-in",
        email: "walk-in@example.com",
        phone: "+442071838750",
      })
      .returning("id")
      .execute();
    expect(
      await unsubscribeByAddress(getDb(), { teamId, channel: "SMS", address: "+442071838750", source: "sms_stop" }),
    ).toEqual({ unsubscribed: 1 });
    const event = await getDb()
      .selectFrom("engagementEvents")
      .select(["kind", "detail", "deliveryId"])
      .where("contactId", "=", contact!.id)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ kind: "unsubscribe", detail: "sms_stop", deliveryId: null });
  });
});

function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
