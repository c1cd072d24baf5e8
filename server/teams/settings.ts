import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import type { TeamSettingsInput } from "#shared/teams/schemas.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";

export type TeamSettings = {
  name: string;
  timeZone: string;
  postalAddress: string | null;
  /** Months of product events the team keeps; null keeps them forever (server/retention). */
  eventRetentionMonths: number | null;
};

/** A team's time zone (campaign times are chosen and shown in it), postal address and event retention. */
export async function getTeamSettings(db: Database, options: { teamId: string }): Promise<TeamSettings> {
  const row = await db
    .selectFrom("teams")
    .select(["name", "timeZone", "postalAddress", "eventRetentionMonths"])
    .where("id", "=", options.teamId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "Team not found.");
  return row;
}

/**
 * Saves the Team card; an empty address clears it. The event retention changes only
 * when given: a shorter one deletes events at the next daily retention run, never here.
 */
export async function updateTeamSettings(
  db: Database,
  options: { access: TeamAccess; input: TeamSettingsInput },
): Promise<TeamSettings> {
  authorize(options.access, "team-settings.manage");
  const { teamId } = options.access;
  const { input } = options;
  const postalAddress = input.postalAddress ? input.postalAddress : null;
  const retention = input.keepEvents === undefined ? {} : { eventRetentionMonths: input.keepEvents };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("teams")
      .set({ timeZone: input.timeZone, postalAddress, ...retention })
      .where("id", "=", teamId)
      .execute();
    await recordAudit(trx, {
      access: options.access,
      action: "team-settings.saved",
      target: { kind: "team", id: teamId },
      details: { timeZone: input.timeZone, postalAddress, ...retention },
    });
  });
  return getTeamSettings(db, { teamId });
}
