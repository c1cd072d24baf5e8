// `npm run db:migrate`: brings DATABASE_URL (or the embedded database under DATA_DIR) to the latest schema.
import { createDatabase } from "#db/database.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { startDatabase } from "#db/start.ts";
import { parseEnv } from "#server/env.ts";

const env = parseEnv();
const database = await startDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const db = createDatabase(database.url, { max: 1 });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The schema is up to date.");
} finally {
  await db.destroy();
  await database.stop();
}
