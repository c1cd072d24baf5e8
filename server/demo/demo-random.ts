import { type RawBuilder, sql } from "kysely";

/**
 * A number in [0, 1) that PostgreSQL computes from the seed, a key and a row's values:
 * the same seed gives the same demo everywhere, with no random state carried between
 * statements. `key` names what the number decides ("plan", "opened"), so two decisions
 * about one row are independent. Keys are our own constants, never user input.
 */
export function demoRandom(seed: number, key: string, ...parts: RawBuilder<unknown>[]): RawBuilder<number> {
  const prefix = sql.lit(`${Math.trunc(seed)}:${key.replace(/[^a-z0-9-]/gi, "")}`);
  const text = parts.length ? sql`${prefix} || ':' || ${sql.join(parts, sql` || ':' || `)}` : prefix;
  return sql<number>`(('x' || substr(md5(${text}), 1, 8))::bit(32)::bigint / 4294967296.0)`;
}

/** One element of a constant list, picked by a demoRandom number. */
export function pickFrom(values: readonly string[], random: RawBuilder<number>): RawBuilder<string> {
  return sql<string>`(${sql.val(values)}::text[])[1 + floor(${random} * ${values.length})::int]`;
}
