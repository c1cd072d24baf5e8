import type { Database } from "#db/database.ts";
import type { Json } from "#db/types.ts";
import { recordAudit } from "#server/audit/record.ts";
import { AppError } from "#server/errors.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import type { CapRule, FrequencySettings, FrequencySettingsInput, QuietHours } from "#shared/frequency/schemas.ts";

/** A team that never saved any: no cap, no quiet hours, held messages wait. */
export const NO_FREQUENCY_SETTINGS: FrequencySettings = {
  rules: [],
  quietHours: [],
  timeZoneAttribute: null,
  overCap: "wait",
};

/** What deciding a send needs of a team: its settings and its own zone, in one read. */
export type SendPolicy = FrequencySettings & { teamTimeZone: string };

/**
 * The team's frequency caps and quiet hours with its time zone (the contacts' zone
 * when their attribute names none). A team that saved none has none. Another team's
 * id, or an unknown one, is NOT_FOUND.
 */
export async function getSendPolicy(db: Database, options: { teamId: string }): Promise<SendPolicy> {
  const row = await db
    .selectFrom("teams")
    .leftJoin("frequencySettings as f", "f.teamId", "teams.id")
    .select(["teams.timeZone", "f.rules", "f.quietHours", "f.timeZoneAttribute", "f.overCap"])
    .where("teams.id", "=", options.teamId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "Team not found.");
  return {
    rules: (row.rules as CapRule[] | null) ?? [],
    quietHours: (row.quietHours as QuietHours[] | null) ?? [],
    timeZoneAttribute: row.timeZoneAttribute ?? null,
    overCap: row.overCap === "skip" ? "skip" : "wait",
    teamTimeZone: row.timeZone,
  };
}

/** The Settings page's and the API's view of the team's settings. */
export async function getFrequencySettings(db: Database, options: { teamId: string }): Promise<FrequencySettings> {
  const { teamTimeZone: _zone, ...settings } = await getSendPolicy(db, options);
  return settings;
}

/**
 * Replaces the team's frequency caps and quiet hours (Owner and Admin only) and
 * records who changed them, in one transaction. Applies to messages decided from then
 * on: deliveries already waiting are decided again when their time comes.
 */
export async function saveFrequencySettings(
  db: Database,
  options: { access: TeamAccess; input: FrequencySettingsInput },
): Promise<FrequencySettings> {
  authorize(options.access, "frequency-settings.manage");
  const { teamId } = options.access;
  const { rules, quietHours, timeZoneAttribute, overCap } = options.input;
  const values = {
    rules: JSON.stringify(rules) as unknown as Json,
    quietHours: JSON.stringify(quietHours) as unknown as Json,
    timeZoneAttribute,
    overCap,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("frequencySettings")
      .values({ teamId, ...values })
      .onConflict((oc) => oc.column("teamId").doUpdateSet({ ...values, updatedAt: new Date() }))
      .execute();
    await recordAudit(trx, {
      access: options.access,
      action: "frequency-settings.saved",
      target: { kind: "team", id: teamId },
      details: { rules, quietHours, timeZoneAttribute, overCap },
    });
  });
  return getFrequencySettings(db, { teamId });
}
