import { readdir } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { migrationNames } from "#db/migrate.ts";

// Migrations are listed by hand in db/migrate.ts so they travel in the server
// bundle; a file left out of the list would silently never run.
describe("the migration list", () => {
  test("names every file in migrations/ (Kysely runs them in the order of their names)", async () => {
    const files = (await readdir(new URL("../../migrations/", import.meta.url))).filter((name) => name.endsWith(".ts"));
    const onDisk = files.map((name) => name.replace(/\.ts$/, "")).sort();
    expect(migrationNames.toSorted()).toEqual(onDisk);
  });
});
