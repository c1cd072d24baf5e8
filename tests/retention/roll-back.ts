import { type Database, getDb } from "#db/database.ts";

class RolledBack extends Error {}

/**
 * Runs `body` in a transaction that is then rolled back, for what changes the whole
 * database (the schema, every team's settings) while other tests' rows live there too.
 */
export async function thenRollBack(body: (trx: Database) => Promise<void>): Promise<void> {
  try {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await body(trx);
        throw new RolledBack();
      });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}
