import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

export type OnboardingStep = "email" | "contacts" | "events" | "segments" | "campaigns";
export const ONBOARDING_STEPS: readonly OnboardingStep[] = ["email", "contacts", "events", "segments", "campaigns"];

export type Onboarding = { dismissed: boolean; done: Record<OnboardingStep, boolean> };

/**
 * The Dashboard's getting-started checklist, each step read from the team's real
 * state: an email provider enabled or the outbox kept on purpose, any contact, any
 * product event, any segment, any campaign sent. One statement of EXISTS probes, each
 * answered by the first row of an index on team_id, so its cost does not grow with the team.
 */
export async function readOnboarding(db: Database, options: { teamId: string }): Promise<Onboarding> {
  const { teamId } = options;
  const { rows } = await sql<Record<OnboardingStep | "dismissed", boolean>>`
    select t.onboarding_dismissed_at is not null as dismissed,
      (t.outbox_kept_at is not null or exists (
        select from channel_settings where team_id = t.id and channel = 'EMAIL' and enabled)) as email,
      exists (select from contacts where team_id = t.id) as contacts,
      exists (select from events where team_id = t.id) as events,
      exists (select from segments where team_id = t.id) as segments,
      exists (select from campaigns where team_id = t.id and sent_at is not null) as campaigns
    from teams t where t.id = ${teamId}
  `.execute(db);
  const row = rows[0];
  const done = Object.fromEntries(ONBOARDING_STEPS.map((step) => [step, row?.[step] ?? false])) as Onboarding["done"];
  return { dismissed: row?.dismissed ?? false, done };
}

/** Hides the checklist for the whole team, for good: a manager's ("team-settings.manage", else FORBIDDEN). */
export async function dismissOnboarding(db: Database, options: { access: TeamAccess; now?: Date }): Promise<void> {
  authorize(options.access, "team-settings.manage");
  await db
    .updateTable("teams")
    .set({ onboardingDismissedAt: options.now ?? new Date() })
    .where("id", "=", options.access.teamId)
    .where("onboardingDismissedAt", "is", null)
    .execute();
}

/**
 * Ticks the email step without a provider: the team chose to keep sending to the
 * built-in outbox. Choosing the team's provider is a manager's ("team-settings.manage").
 */
export async function keepOutbox(db: Database, options: { access: TeamAccess; now?: Date }): Promise<void> {
  authorize(options.access, "team-settings.manage");
  await db
    .updateTable("teams")
    .set({ outboxKeptAt: options.now ?? new Date() })
    .where("id", "=", options.access.teamId)
    .where("outboxKeptAt", "is", null)
    .execute();
}
