import { type Kysely, sql } from "kysely";

// Teams get the four roles people work in: Owner, Admin, Marketer, Viewer. The one-person
// teams made so far have their person as Owner already; the unused "member" becomes Marketer,
// the role that could do what "member" could.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table team_members drop constraint team_members_role_check`.execute(db);
  await sql`update team_members set role = 'marketer' where role = 'member'`.execute(db);
  await sql`alter table team_members add constraint team_members_role_check
    check (role in ('owner', 'admin', 'marketer', 'viewer'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table team_members drop constraint team_members_role_check`.execute(db);
  await sql`update team_members set role = 'member' where role in ('marketer', 'viewer')`.execute(db);
  await sql`alter table team_members add constraint team_members_role_check
    check (role in ('owner', 'admin', 'member'))`.execute(db);
}
