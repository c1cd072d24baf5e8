import { type Kysely, sql } from "kysely";

// A write key is either for client code (a browser, a mobile app: anyone can read
// it there) or for a server. Only a server key may replace a contact's existing
// email or phone through identify. Keys made before kinds existed were used from
// anywhere and could do that; they become server keys so no integration changes
// behaviour on upgrade, and Settings → API keys shows the kind so a team can
// replace a key it embedded in a web page with a client one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("write_keys")
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("server")
        .check(sql`kind in ('client', 'server')`),
    )
    .execute();
  // From now on every new key names its kind; nothing falls back to the powerful one.
  await db.schema
    .alterTable("write_keys")
    .alterColumn("kind", (c) => c.dropDefault())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("write_keys").dropColumn("kind").execute();
}
