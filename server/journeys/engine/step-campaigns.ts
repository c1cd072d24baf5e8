import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import type { SendStep } from "#shared/journeys/definition.ts";

export type StepCampaign = { id: string; teamId: string; type: CampaignType };

// A step's campaign never changes once made (a version is frozen), so a process keeps its id.
const MAX_CACHED = 2000;
const cache = new Map<string, StepCampaign>();

/**
 * The hidden campaign a send step of a journey version sends through: its content,
 * channel and team, so the send pipeline, tracking (opens, clicks, unsubscribe
 * links), rollups and the outbox treat the step's messages as a campaign's. Made
 * on first use, once (unique per journey, version and step), ACTIVE with its start
 * already requested and never resolved: the scheduler never resolves an audience
 * for it and it is never finished, since runs keep adding deliveries. Broadcast
 * lists leave out campaigns with a journey_id.
 */
export async function stepCampaign(
  trx: Database,
  options: { teamId: string; journeyId: string; version: number; step: SendStep & { id: string } },
): Promise<StepCampaign> {
  const key = `${options.journeyId}:${options.version}:${options.step.id}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const { step } = options;
  const existing = await findStepCampaign(trx, options.journeyId, options.version, step.id);
  if (existing) {
    // Already there before this transaction began (or it could not be seen): committed, safe to keep.
    remember(key, existing);
    return existing;
  }
  const journey = await trx
    .selectFrom("journeys")
    .select("name")
    .where("id", "=", options.journeyId)
    .executeTakeFirstOrThrow();
  await sql`
    insert into campaigns (id, team_id, name, type, subject, content, content_format, whatsapp_template,
      whatsapp_language, whatsapp_parameters, state, started_at, start_requested_at, journey_id, journey_version, journey_step_id)
    values (${newId()}, ${options.teamId}, ${`${journey.name} · ${step.id} (v${options.version})`}, ${step.channel},
      ${step.channel === "EMAIL" ? (step.subject ?? null) : null}, ${step.channel === "WHATSAPP" ? null : (step.content ?? null)},
      ${step.contentFormat}, ${step.whatsapp?.template ?? null}, ${step.whatsapp?.language ?? null},
      ${step.whatsapp?.parameters ?? []}::text[], 'ACTIVE', now(), now(), ${options.journeyId}, ${options.version}, ${step.id})
    on conflict (journey_id, journey_version, journey_step_id) where journey_id is not null do nothing`.execute(trx);
  // Not remembered: made in a transaction that may yet roll back. The next batch finds it committed.
  return (await findStepCampaign(trx, options.journeyId, options.version, step.id))!;
}

async function findStepCampaign(
  db: Database,
  journeyId: string,
  version: number,
  stepId: string,
): Promise<StepCampaign | null> {
  const row = await db
    .selectFrom("campaigns")
    .select(["id", "teamId", "type"])
    .where("journeyId", "=", journeyId)
    .where("journeyVersion", "=", version)
    .where("journeyStepId", "=", stepId)
    .executeTakeFirst();
  return row ? { id: row.id, teamId: row.teamId, type: row.type as CampaignType } : null;
}

function remember(key: string, campaign: StepCampaign) {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, campaign);
}

/**
 * Forgets every remembered step campaign: called when a batch's transaction fails,
 * since a campaign it made and found again within itself was remembered too early.
 */
export function forgetStepCampaigns(): void {
  cache.clear();
}
