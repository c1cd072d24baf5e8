import { type Kysely, sql } from "kysely";

// The campaign page's links and mail clients, kept as engagement is written instead of
// counted from a campaign's engagement events on every view (they grow with every
// click and open). Statement triggers with transition tables on engagement_events, in
// the tracking writer's transaction, like the hourly figures (2026-11-24T1170).
//
// Links: per campaign and URL, people's clicks and the deliveries that followed it.
// A delivery counts once per URL, so each statement's changed (delivery, URL) pairs
// compare the clicks stored now with the clicks before the statement: exact because
// tracking writes a delivery's hits under its engagement row's lock (decision 013), so
// no other transaction adds a click of that delivery between the statement and the count.
// A click reclassified as a machine's (bot_click) gives back its click, and its
// delivery's unique click when it was that delivery's last on the URL.
//
// Clients: per campaign, machine or not, and User-Agent, every pixel fetch. The mail
// client is told from the User-Agent when read (server/tracking/mail-client.ts), so
// there is one classification, and a campaign's distinct agents are few next to its opens.

const LINK_CHANGES_ON_INSERT = `
  select delivery_id, campaign_id, url, count(*)::int as delta
  from new_rows where kind = 'click' and url is not null and campaign_id is not null
  group by delivery_id, campaign_id, url`;

const LINK_CHANGES_ON_UPDATE = `
  select n.delivery_id, n.campaign_id, n.url,
    sum((n.kind = 'click')::int - (o.kind = 'click')::int)::int as delta
  from old_rows o join new_rows n on n.id = o.id
  where (n.kind = 'click') <> (o.kind = 'click') and n.url is not null and n.campaign_id is not null
  group by n.delivery_id, n.campaign_id, n.url`;

const CLIENT_CHANGES_ON_INSERT = `
  select campaign_id, kind = 'bot_open' as machine, case when kind = 'open' then coalesce(user_agent, '') else '' end as user_agent, 1 as delta
  from new_rows where kind in ('open', 'bot_open') and campaign_id is not null`;

const CLIENT_CHANGES_ON_UPDATE = `
  select o.campaign_id, o.kind = 'bot_open' as machine, case when o.kind = 'open' then coalesce(o.user_agent, '') else '' end as user_agent, -1 as delta
  from old_rows o join new_rows n on n.id = o.id
  where o.kind in ('open', 'bot_open') and o.kind <> n.kind and o.campaign_id is not null
  union all
  select n.campaign_id, n.kind = 'bot_open', case when n.kind = 'open' then coalesce(n.user_agent, '') else '' end, 1
  from old_rows o join new_rows n on n.id = o.id
  where n.kind in ('open', 'bot_open') and o.kind <> n.kind and n.campaign_id is not null`;

/** Adds a statement's link changes, in key order so concurrent writers wait rather than deadlock. */
function addLinkChanges(changes: string): string {
  return `
    with changed as (${changes}),
    per_delivery as (
      select c.campaign_id, c.url, c.delta, stored.clicks as now_clicks
      from changed c
      cross join lateral (
        select count(*)::int as clicks from engagement_events e
        where e.delivery_id = c.delivery_id and e.url = c.url and e.kind = 'click'
      ) stored
      where c.delta <> 0
    )
    insert into campaign_link_clicks as kept (campaign_id, url, unique_clicks, clicks)
    select campaign_id, url, sum((now_clicks > 0)::int - (now_clicks - delta > 0)::int), sum(delta)
    from per_delivery
    group by campaign_id, url
    order by campaign_id, url
    on conflict (campaign_id, url) do update
      set unique_clicks = kept.unique_clicks + excluded.unique_clicks, clicks = kept.clicks + excluded.clicks`;
}

function addClientChanges(changes: string): string {
  return `
    insert into campaign_client_opens as kept (campaign_id, machine, user_agent, opens)
    select campaign_id, machine, user_agent, sum(delta)
    from (${changes}) changed
    group by campaign_id, machine, user_agent
    having sum(delta) <> 0
    order by campaign_id, machine, user_agent
    on conflict (campaign_id, machine, user_agent) do update set opens = kept.opens + excluded.opens`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("campaign_link_clicks")
    .addColumn("campaign_id", "uuid", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("unique_clicks", "integer", (c) => c.notNull())
    .addColumn("clicks", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("campaign_link_clicks_pkey", ["campaign_id", "url"])
    .execute();
  await db.schema
    .createTable("campaign_client_opens")
    .addColumn("campaign_id", "uuid", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("machine", "boolean", (c) => c.notNull())
    // A person's open keeps its User-Agent ('' when none was sent); machines' share one row.
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("opens", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("campaign_client_opens_pkey", ["campaign_id", "machine", "user_agent"])
    .execute();

  await sql
    .raw(
      `create function engagement_events_links_and_clients_inserted() returns trigger language plpgsql as $$
      begin
        ${addLinkChanges(LINK_CHANGES_ON_INSERT)};
        ${addClientChanges(CLIENT_CHANGES_ON_INSERT)};
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function engagement_events_links_and_clients_updated() returns trigger language plpgsql as $$
      begin
        ${addLinkChanges(LINK_CHANGES_ON_UPDATE)};
        ${addClientChanges(CLIENT_CHANGES_ON_UPDATE)};
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger engagement_events_links_and_clients_insert after insert on engagement_events
    referencing new table as new_rows for each statement execute function engagement_events_links_and_clients_inserted()`.execute(
    db,
  );
  await sql`create trigger engagement_events_links_and_clients_update after update on engagement_events
    referencing old table as old_rows new table as new_rows for each statement execute function engagement_events_links_and_clients_updated()`.execute(
    db,
  );

  await backfillLinksAndClients(db);
}

/** Fills the (empty) tables from the engagement already stored; exported so a test can check it against the triggers. */
export async function backfillLinksAndClients(db: Kysely<any>): Promise<void> {
  await sql`
    insert into campaign_link_clicks (campaign_id, url, unique_clicks, clicks)
    select campaign_id, url, count(distinct delivery_id), count(*)
    from engagement_events e
    where kind = 'click' and url is not null and exists (select from campaigns c where c.id = e.campaign_id)
    group by campaign_id, url`.execute(db);
  await sql`
    insert into campaign_client_opens (campaign_id, machine, user_agent, opens)
    select campaign_id, kind = 'bot_open', case when kind = 'open' then coalesce(user_agent, '') else '' end, count(*)
    from engagement_events e
    where kind in ('open', 'bot_open') and exists (select from campaigns c where c.id = e.campaign_id)
    group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger engagement_events_links_and_clients_insert on engagement_events`.execute(db);
  await sql`drop trigger engagement_events_links_and_clients_update on engagement_events`.execute(db);
  await sql`drop function engagement_events_links_and_clients_inserted, engagement_events_links_and_clients_updated`.execute(
    db,
  );
  await db.schema.dropTable("campaign_client_opens").execute();
  await db.schema.dropTable("campaign_link_clicks").execute();
}
