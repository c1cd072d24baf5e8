// `npm run db:codegen` writes db/types.ts from a freshly migrated throwaway database;
// `--check` fails when the committed file no longer matches the migrations.
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { createDatabase } from "#db/database.ts";
import { startEmbeddedPostgres } from "#db/embedded.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";

const check = process.argv.includes("--check");
const dir = ".data/codegen";
await rm(dir, { recursive: true, force: true });
const server = await startEmbeddedPostgres({ dir, settings: { fsync: "off" } });
try {
  await ensureDatabase(server.url, "codegen");
  const url = withDatabase(server.url, "codegen");
  const db = createDatabase(url, { max: 1 });
  await migrateToLatest(db);
  await db.destroy();
  execFileSync(
    "npx",
    [
      "kysely-codegen",
      "--dialect=postgres",
      "--camel-case",
      "--exclude-pattern=kysely_*",
      // db/database.ts parses int8 as a JS number.
      `--type-mapping=${JSON.stringify({ int8: "number" })}`,
      "--out-file=db/types.ts",
      `--url=${url}`,
      ...(check ? ["--verify"] : []),
    ],
    { stdio: "inherit" },
  );
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
