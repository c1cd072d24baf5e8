import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { signUnsubscribeToken } from "#server/tracking/tokens.ts";
import type { NewUser } from "./helpers.ts";

/** The server under test signs with this (playwright.config.ts), so specs can make the links a sent email carries. */
export const E2E_TRACKING_SECRET = "e2e tracking secret, not for any real server";

/**
 * A new team with one contact, and the unsubscribe link an email to that contact
 * would carry. The delivery is one the team no longer has (as after its campaign
 * was deleted), which the link must survive; sending itself is not this spec's subject.
 */
export async function contactWithUnsubscribeLink(request: APIRequestContext, user: NewUser, contactEmail: string) {
  const signup = await request.post("/api/auth/signup", { data: user });
  expect(signup.status()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get("/api/me", { headers })).json()).data as { team: { id: string; name: string } };
  const imported = await request.post("/api/contacts/import", {
    headers,
    data: { contacts: [{ name: "Grace Hopper", email: contactEmail }] },
  });
  expect(imported.status()).toBe(200);
  const listed = (
    await (await request.get(`/api/contacts?search=${encodeURIComponent(contactEmail)}`, { headers })).json()
  ).data as { id: string }[];
  const unsubscribeToken = signUnsubscribeToken(Buffer.from(E2E_TRACKING_SECRET, "utf8"), {
    deliveryId: randomUUID(),
    teamId: me.team.id,
    contactId: listed[0]!.id,
    channel: "EMAIL",
  });
  return { teamName: me.team.name, path: `/u/${unsubscribeToken}` };
}
