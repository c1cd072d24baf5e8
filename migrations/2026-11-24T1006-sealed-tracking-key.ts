import { type Kysely, sql } from "kysely";

// The generated tracking key is kept encrypted with the server's secret key
// (MURMUR_SECRET_KEY or DATA_DIR/secret-key), as provider secrets are, so a dump of
// the database alone cannot forge unsubscribe or click links. Migrations have no
// secret key, so a key stored in plain text is sealed by the first process that
// reads it at start-up (server/tracking/key.ts); until then `secret` holds it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tracking_keys").addColumn("sealed_secret", "text").execute();
  await db.schema
    .alterTable("tracking_keys")
    .alterColumn("secret", (c) => c.dropNotNull())
    .execute();
  // One form or the other, never both: a plain copy left beside the sealed one would defeat it.
  await sql`alter table tracking_keys add constraint tracking_keys_one_form check ((secret is null) <> (sealed_secret is null))`.execute(
    db,
  );
}

// Going back cannot decrypt (no secret key here): a sealed key is dropped, and the
// next start generates a new plain one, so links in mail already sent stop working.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from tracking_keys where secret is null`.execute(db);
  await db.schema.alterTable("tracking_keys").dropConstraint("tracking_keys_one_form").execute();
  await db.schema
    .alterTable("tracking_keys")
    .alterColumn("secret", (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable("tracking_keys").dropColumn("sealed_secret").execute();
}
