import { action as eraseAction } from "#app/routes/api/segment-erase-contacts.ts";
import { loader as progressLoader } from "#app/routes/api/segment-erasure.ts";
import { getDb } from "#db/database.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

/** `POST /api/segments/{id}/erase-contacts` as a client sends it. */
export async function postErasure(token: string, segmentId: string, body: unknown, requestId?: string) {
  const path = `/api/segments/${segmentId}/erase-contacts`;
  const response = await respond(() =>
    eraseAction(
      routeArgs(jsonRequest(path, body, { headers: bearer(token) }), { params: { id: segmentId }, requestId }),
    ),
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** `GET /api/segment-erasures/{id}`. */
export async function progressOf(token: string, erasureId: string) {
  const path = `/api/segment-erasures/${erasureId}`;
  const response = await respond(() =>
    progressLoader(routeArgs(getRequest(path, bearer(token)), { params: { id: erasureId } })),
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The contacts of a team still in the database, by id. */
export async function remainingContacts(teamId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .selectFrom("contacts")
    .select("id")
    .where("teamId", "=", teamId)
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** The notifications the team's members got about erasures, with their text. */
export function erasureNotifications(teamId: string) {
  return getDb()
    .selectFrom("notifications")
    .select(["userId", "title", "body", "linkPath"])
    .where("teamId", "=", teamId)
    .where("kind", "=", "segment-erasure-done")
    .execute();
}
