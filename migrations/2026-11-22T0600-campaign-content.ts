import { type Kysely, sql } from "kysely";

// What a campaign says, per channel: EMAIL content is HTML or Markdown; WhatsApp
// marketing must name an approved template, its language and the body parameters,
// so those get their own columns rather than living inside `content`.
// The team's postal address goes in every marketing email's footer.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("campaigns")
    .addColumn("content_format", "text", (c) =>
      c
        .notNull()
        .defaultTo("HTML")
        .check(sql`content_format in ('HTML', 'MARKDOWN')`),
    )
    .addColumn("whatsapp_template", "text")
    .addColumn("whatsapp_language", "text")
    .addColumn("whatsapp_parameters", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await db.schema.alterTable("teams").addColumn("postal_address", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("teams").dropColumn("postal_address").execute();
  await db.schema
    .alterTable("campaigns")
    .dropColumn("content_format")
    .dropColumn("whatsapp_template")
    .dropColumn("whatsapp_language")
    .dropColumn("whatsapp_parameters")
    .execute();
}
