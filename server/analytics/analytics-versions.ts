import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { FiguresCache } from "./figures-cache.ts";

/** The parts of the Analytics figures that change apart, each with its own version. */
export type AnalyticsSection = "campaigns" | "audience" | "events";

export type AnalyticsVersions = Record<AnalyticsSection, string>;

/**
 * A team's current analytics versions: per section, the number of committed writes to
 * its rollups (and to the campaigns and event names the figures name), counted by
 * triggers in each writer's own transaction (migration 2026-11-24T1520). A version
 * only grows, so figures read after it was read, under an equal version, are current.
 */
export async function readAnalyticsVersions(db: Database, teamId: string): Promise<AnalyticsVersions> {
  const rows = await db
    .selectFrom("analyticsChanges")
    .select(["section", sql<string>`sum(changes)::text`.as("version")])
    .where("teamId", "=", teamId)
    .groupBy("section")
    .execute();
  const versions: AnalyticsVersions = { campaigns: "0", audience: "0", events: "0" };
  for (const row of rows) versions[row.section as AnalyticsSection] = row.version;
  return versions;
}

/**
 * The figures this process keeps (a few hundred entries, each one section's figures
 * for a team, range and filter). Every web process keeps its own; the versions come
 * from PostgreSQL, so each answers only what is current.
 */
const keptFigures = new FiguresCache(256);

/**
 * One section's figures for a team and the parts of a request they depend on (`key`,
 * which must name the team), kept while the section's version holds.
 */
export function readKeptFigures<T>(
  section: AnalyticsSection,
  versions: AnalyticsVersions,
  key: readonly unknown[],
  read: () => Promise<T>,
): Promise<T> {
  return keptFigures.read(JSON.stringify([section, ...key]), versions[section], read);
}

/** Drops every kept figure: for benchmarks that measure the reads themselves, not the keeping. */
export function forgetKeptFigures(): void {
  keptFigures.clear();
}
