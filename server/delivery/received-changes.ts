import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { notifyContactChanges, wantsReceivedChanges } from "#server/contact-changes.ts";
import { log } from "#server/log.ts";
import type { AlongsideAnswers, DeliveryOutcome } from "./ledger.ts";

/**
 * The work to record alongside a group's answers: telling the contact-change
 * listeners of the contacts whose messages were just sent, so a journey whose filter
 * segment asks for having received a message enters them in the transaction that
 * records the send (a worker killed in between loses neither). Undefined, so the
 * answers are recorded by their one statement as before, when none was sent or no
 * listener cares about this team's sends. A listener that fails is rolled back to a
 * savepoint and logged: the provider's answers are recorded whatever a journey's
 * filter does, since losing them would make sent messages unknown.
 */
export async function receivedAlongside(
  db: Database,
  options: { teamId: string; outcomes: DeliveryOutcome[]; contactOf: ReadonlyMap<string, string> },
): Promise<AlongsideAnswers | undefined> {
  const contactIds = new Set<string>();
  for (const outcome of options.outcomes) {
    const contactId = outcome.status === "sent" ? options.contactOf.get(outcome.id) : undefined;
    if (contactId) contactIds.add(contactId);
  }
  if (contactIds.size === 0 || !(await wantsReceivedChanges(db, options.teamId))) return undefined;
  const change = { teamId: options.teamId, received: [...contactIds] };
  return async (trx) => {
    await sql`savepoint received_changes`.execute(trx);
    try {
      await notifyContactChanges(trx, change);
      await sql`release savepoint received_changes`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint received_changes`.execute(trx);
      log.error({ err: error, teamId: options.teamId }, "entering journeys on messages sent failed");
    }
  };
}
