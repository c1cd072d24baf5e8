import type { Env } from "#server/env.ts";

/**
 * How long the operator's install keeps data that is not a team's own record (days;
 * 0 keeps it forever). Product events are the team's and follow the team's "Keep
 * product events" setting instead.
 */
export type RetentionSettings = {
  /** Opens, clicks and unsubscribes; engagement filters reach back this far at most. */
  engagementDays: number;
  /** Messages in the built-in outbox. */
  outboxDays: number;
  /** How long a messageId is remembered to drop a message sent again. */
  eventDedupDays: number;
  /** Finished jobs in pg-boss's tables. */
  jobHistoryDays: number;
};

export function retentionSettingsFromEnv(
  env: Pick<Env, "ENGAGEMENT_RETENTION_DAYS" | "OUTBOX_RETENTION_DAYS" | "EVENT_DEDUP_DAYS" | "JOB_HISTORY_DAYS">,
): RetentionSettings {
  return {
    engagementDays: env.ENGAGEMENT_RETENTION_DAYS,
    outboxDays: env.OUTBOX_RETENTION_DAYS,
    eventDedupDays: env.EVENT_DEDUP_DAYS,
    jobHistoryDays: env.JOB_HISTORY_DAYS,
  };
}
