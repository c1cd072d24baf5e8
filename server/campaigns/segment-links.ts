import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { isId } from "#db/ids.ts";

/**
 * Replaces a campaign's segments with `segmentIds`, each once, in the given order.
 * Every id must be one of this team's segments; otherwise nothing changes and the
 * error names the ids that are not (another team's ids look exactly like unknown ones).
 */
export async function setCampaignSegments(
  trx: Database,
  options: { teamId: string; campaignId: string; segmentIds: string[] },
): Promise<void> {
  const ids = [...new Set(options.segmentIds)];
  const wellFormed = ids.filter((id) => isId(id));
  const found = wellFormed.length
    ? await trx
        .selectFrom("segments")
        .select("id")
        .where("teamId", "=", options.teamId)
        .where("id", "in", wellFormed)
        .execute()
    : [];
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const message = `Segment not found: ${unknown.join(", ")}`;
    throw new AppError("INVALID", message, { fields: { segmentIds: [message] } });
  }
  await trx.deleteFrom("campaignSegments").where("campaignId", "=", options.campaignId).execute();
  if (ids.length > 0) {
    await trx
      .insertInto("campaignSegments")
      .values(ids.map((segmentId, position) => ({ campaignId: options.campaignId, segmentId, position })))
      .execute();
  }
}
