// `npm run murmur -- <command> [args]`: operator commands against DATABASE_URL (or the
// embedded database under DATA_DIR). Each command lives in server/cli/.
import { createDatabase } from "#db/database.ts";
import { startDatabase } from "#db/start.ts";
import { runResetPassword } from "#server/cli/reset-password.ts";
import { runSeedDemo } from "#server/cli/seed-demo.ts";
import { parseEnv } from "#server/env.ts";

const commands: Record<string, typeof runResetPassword> = {
  "reset-password": runResetPassword,
  "seed-demo": runSeedDemo,
};

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(`Usage: npm run murmur -- <command>\nCommands: ${Object.keys(commands).join(", ")}`);
  process.exit(2);
}

const env = parseEnv();
const database = await startDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const db = createDatabase(database.url, { max: 1 });
try {
  process.exitCode = await command(db, args, console);
} finally {
  await db.destroy();
  await database.stop();
}
