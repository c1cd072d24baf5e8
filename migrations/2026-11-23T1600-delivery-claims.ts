import { type Kysely, sql } from "kysely";

// A delivery claimed by a chunk but not yet handed to the provider is `claimed`;
// it becomes `sending` only right before the handoff (docs/decisions/008). A
// lapsed claim goes back to `queued`, a lapsed `sending` becomes `unknown`, so
// "unknown" means the provider may really have the message.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries drop constraint deliveries_status_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_status_check
    check (status in ('queued', 'claimed', 'sending', 'sent', 'failed', 'unknown'))`.execute(db);
  // Claims to renew, and to give back or declare unknown once they lapse.
  await sql`drop index deliveries_sending_idx`.execute(db);
  await sql`create index deliveries_in_flight_idx on deliveries (lease_expires_at) where status in ('claimed', 'sending')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update deliveries set status = 'queued', lease_owner = null, lease_expires_at = null, attempts = greatest(attempts - 1, 0)
    where status = 'claimed'`.execute(db);
  await sql`drop index deliveries_in_flight_idx`.execute(db);
  await sql`create index deliveries_sending_idx on deliveries (lease_expires_at) where status = 'sending'`.execute(db);
  await sql`alter table deliveries drop constraint deliveries_status_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_status_check
    check (status in ('queued', 'sending', 'sent', 'failed', 'unknown'))`.execute(db);
}
