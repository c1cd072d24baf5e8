import { getDb } from "#db/database.ts";
import { createWriteKey } from "#server/write-keys/write-keys.ts";
import { createUser } from "../factories.ts";
import { jsonRequest } from "../requests.ts";
import { action as batch } from "#app/routes/tracking/batch.ts";
import { action as identify } from "#app/routes/tracking/identify.ts";
import { action as page } from "#app/routes/tracking/page.ts";
import { action as track } from "#app/routes/tracking/track.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

const calls = { batch, identify, page, track } as const;

/** A team of its own with a live write key. */
export async function createTrackingTeam() {
  const user = await createUser();
  const { key, id } = await createWriteKey(getDb(), {
    access: await ownerAccess(user.teamId),
    name: "Test source",
    kind: "server",
  });
  return { ...user, writeKey: key, writeKeyId: id };
}

export function basicAuth(writeKey: string): HeadersInit {
  return { Authorization: `Basic ${Buffer.from(`${writeKey}:`).toString("base64")}` };
}

/** Posts to `/v1/<call>` as an HTTP client would, from `from.ip` (else an address of its own). */
export function postTrackingRequest(
  call: keyof typeof calls,
  body: unknown,
  headers: HeadersInit = {},
  from: { ip?: string } = {},
): Promise<Response> {
  const request = jsonRequest(`/v1/${call}`, body, { headers });
  return respond(() => calls[call](routeArgs(request, from)));
}

/** Posts to `/v1/<call>` as an HTTP client would, and reads the JSON answer. */
export async function postTracking(
  call: keyof typeof calls,
  body: unknown,
  headers: HeadersInit = {},
  from: { ip?: string } = {},
) {
  const response = await postTrackingRequest(call, body, headers, from);
  return { status: response.status, body: (await response.json()) as { success?: boolean; message?: string } };
}

/** The team's stored events, oldest first, as the database holds them. */
export function storedEvents(teamId: string) {
  return getDb()
    .selectFrom("events")
    .select([
      "type",
      "name",
      "userId",
      "anonymousId",
      "contactId",
      "properties",
      "messageId",
      "occurredAt",
      "receivedAt",
    ])
    .where("teamId", "=", teamId)
    .orderBy("occurredAt")
    .orderBy("messageId")
    .execute();
}

export function contactsOfTeam(teamId: string) {
  return getDb()
    .selectFrom("contacts")
    .select(["id", "externalId", "email", "name", "phone", "attributes"])
    .where("teamId", "=", teamId)
    .orderBy("createdAt")
    .execute();
}
