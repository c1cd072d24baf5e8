import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";

/**
 * Takes the team's row lock for the rest of the transaction. Every change that could
 * take away an Owner takes it first, so two Owners demoting each other at once cannot
 * leave the team with none: the second one waits and then counts one Owner.
 */
export async function lockTeam(trx: Database, teamId: string): Promise<void> {
  await trx.selectFrom("teams").select("id").where("id", "=", teamId).forUpdate().executeTakeFirst();
}

/** Refuses (409) a change that would leave the team without an Owner; call it under `lockTeam`. */
export async function keepAnOwner(trx: Database, options: { teamId: string; losing: string; message: string }) {
  const owners = await trx
    .selectFrom("teamMembers")
    .select("userId")
    .where("teamId", "=", options.teamId)
    .where("role", "=", "owner")
    .where("userId", "!=", options.losing)
    .limit(1)
    .executeTakeFirst();
  if (!owners) throw new AppError("CONFLICT", options.message);
}
