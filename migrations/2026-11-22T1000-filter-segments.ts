import { type Kysely, sql } from "kysely";

// What filter segments read beyond the tables they filter: lenient casts for
// attribute and property values, and the indexes behind the filter shapes
// (docs/decisions/011-filter-segments.md).
export async function up(db: Kysely<any>): Promise<void> {
  // Attribute and property values are whatever clients sent: "42", 42, "soon".
  // A comparison with a number or a time skips values that are not one, rather
  // than failing the whole query on the first bad cast.
  await sql`
    create function murmur_try_numeric(value text) returns numeric
    language plpgsql immutable parallel safe as $$
    begin
      return value::numeric;
    exception when others then
      return null;
    end $$`.execute(db);
  await sql`
    create function murmur_try_timestamptz(value text) returns timestamptz
    language plpgsql stable parallel safe as $$
    begin
      return value::timestamptz;
    exception when others then
      return null;
    end $$`.execute(db);

  // "attribute = value" is compiled to containment (attributes @> '{"plan":"pro"}'),
  // which this one index answers for every key.
  await sql`create index contacts_attributes_idx on contacts using gin (attributes jsonb_path_ops)`.execute(db);

  // "received any campaign in the last N days": the team's sent deliveries by time.
  await sql`create index deliveries_team_sent_idx on deliveries (team_id, sent_at) include (contact_id, campaign_id)
    where status = 'sent'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index deliveries_team_sent_idx`.execute(db);
  await sql`drop index contacts_attributes_idx`.execute(db);
  await sql`drop function murmur_try_numeric, murmur_try_timestamptz`.execute(db);
}
