import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import * as accounts from "#migrations/2026-11-22T0300-accounts.ts";
import * as contactsAndSegments from "#migrations/2026-11-22T0400-contacts-and-segments.ts";
import * as campaigns from "#migrations/2026-11-22T0500-campaigns.ts";
import * as campaignContent from "#migrations/2026-11-22T0600-campaign-content.ts";
import * as events from "#migrations/2026-11-22T0700-events.ts";
import * as deliveries from "#migrations/2026-11-22T0800-deliveries.ts";
import * as tracking from "#migrations/2026-11-22T0850-tracking.ts";
import * as channelSettings from "#migrations/2026-11-22T0900-channel-settings.ts";
import * as filterSegments from "#migrations/2026-11-22T1000-filter-segments.ts";
import * as engagementFilterIndex from "#migrations/2026-11-22T1010-engagement-filter-index.ts";
import * as contactsSearchTable from "#migrations/2026-11-22T1100-contacts-search-table.ts";
import * as importBytes from "#migrations/2026-11-23T1600-import-bytes.ts";
import * as eventsIngestionIndexes from "#migrations/2026-11-23T1930-events-ingestion-indexes.ts";
import * as contactAttributesPartialIndex from "#migrations/2026-11-23T2100-contact-attributes-partial-index.ts";
import * as sealedTrackingKey from "#migrations/2026-11-24T1006-sealed-tracking-key.ts";
import * as rateLimits from "#migrations/2026-11-24T1007-rate-limits.ts";
import * as writeKeyKinds from "#migrations/2026-11-24T1007-write-key-kinds.ts";
import * as sessionPruneIndex from "#migrations/2026-11-24T1101-session-prune-index.ts";
import * as providerBaseUrls from "#migrations/2026-11-24T1102-provider-base-urls.ts";
import * as segmentCounts from "#migrations/2026-11-24T1130-segment-counts.ts";
import * as analyticsRollups from "#migrations/2026-11-24T1170-analytics-rollups.ts";
import * as recipientOutcomeIndexes from "#migrations/2026-11-24T1180-recipient-outcome-indexes.ts";
import * as outboxFilterIndexes from "#migrations/2026-11-24T1181-outbox-filter-indexes.ts";
import * as campaignConversionGoal from "#migrations/2026-11-24T1182-campaign-conversion-goal.ts";
import * as eventRollupQueue from "#migrations/2026-11-24T1190-event-rollup-queue.ts";
import * as eventDailyCounts from "#migrations/2026-11-24T1191-event-daily-counts.ts";
import * as accountTokens from "#migrations/2026-11-24T1200-account-tokens.ts";
import * as searchFoldsAccents from "#migrations/2026-11-24T1210-search-folds-accents.ts";
import * as contactSearchPrefixIndex from "#migrations/2026-11-24T1211-contact-search-prefix-index.ts";
import * as teamRoles from "#migrations/2026-11-24T1300-team-roles.ts";
import * as campaignConversions from "#migrations/2026-11-24T1310-campaign-conversions.ts";
import * as eventPropertyValues from "#migrations/2026-11-24T1311-event-property-values.ts";
import * as eventHourlyCoveringKey from "#migrations/2026-11-24T1320-event-hourly-covering-key.ts";
import * as apiKeys from "#migrations/2026-11-24T1330-api-keys.ts";
import * as teamInvitations from "#migrations/2026-11-24T1340-team-invitations.ts";
import * as auditLog from "#migrations/2026-11-24T1350-audit-log.ts";
import * as notifications from "#migrations/2026-11-24T1360-notifications.ts";
import * as demoTeamsAndOnboarding from "#migrations/2026-11-24T1370-demo-teams-and-onboarding.ts";
import * as campaignTraceId from "#migrations/2026-11-24T1390-campaign-trace-id.ts";
import * as erasedContacts from "#migrations/2026-11-24T1395-erased-contacts.ts";
import * as eventsByMonth from "#migrations/2026-11-24T1420-events-by-month.ts";
import * as segmentErasures from "#migrations/2026-11-24T1430-segment-erasures.ts";
import * as importTraceId from "#migrations/2026-11-24T1431-import-trace-id.ts";
import * as journeys from "#migrations/2026-11-24T1455-journeys.ts";
import * as journeyEngine from "#migrations/2026-11-24T1460-journey-engine.ts";
import * as frequencyCaps from "#migrations/2026-11-24T1480-frequency-caps.ts";
import * as journeyEventQueue from "#migrations/2026-11-24T1500-journey-event-queue.ts";
import * as journeyEntryWindows from "#migrations/2026-11-24T1510-journey-entry-windows.ts";
import * as analyticsVersions from "#migrations/2026-11-24T1520-analytics-versions.ts";
import * as contactSearchTrigrams from "#migrations/2026-11-24T1530-contact-search-trigrams.ts";
import * as campaignLinkAndClientRollups from "#migrations/2026-11-24T1540-campaign-link-and-client-rollups.ts";
import * as journeyDeliveryBatches from "#migrations/2026-11-24T1550-journey-delivery-batches.ts";
import * as ledgerWriteCost from "#migrations/2026-11-24T1600-ledger-write-cost.ts";
import * as journeyRunTriggerTime from "#migrations/2026-11-24T1610-journey-run-trigger-time.ts";
import * as unicodeLower from "#migrations/2026-11-24T1640-unicode-lower.ts";
import * as ingestionPressure from "#migrations/2026-11-25T0300-ingestion-pressure.ts";
import * as eventRollupsWithoutTeamKeys from "#migrations/2026-11-25T0310-event-rollups-without-team-keys.ts";
import * as eventRollupQueueTime from "#migrations/2026-11-25T0330-event-rollup-queue-time.ts";
import * as contactsCreatedAscending from "#migrations/2026-11-29T0500-contacts-created-ascending.ts";
import * as queuesStoredUncompressed from "#migrations/2026-11-29T0800-queues-stored-uncompressed.ts";
import * as audienceGroupedByCreation from "#migrations/2026-11-29T0810-audience-grouped-by-creation.ts";
import * as journeyRunClaims from "#migrations/2026-11-29T1130-journey-run-claims.ts";
import * as journeyRunKeys from "#migrations/2026-11-29T1900-journey-run-keys.ts";
import * as stoppedJourneyRuns from "#migrations/2026-11-29T1910-stopped-journey-runs.ts";
import * as journeyClaimsByJourney from "#migrations/2026-11-29T2300-journey-claims-by-journey.ts";
import * as journeyQueueAsJson from "#migrations/2026-11-30T0300-journey-queue-as-json.ts";
import * as journeyQueueById from "#migrations/2026-11-30T0600-journey-queue-by-id.ts";

// Listed by hand rather than read from disk so the migrations travel inside the
// server bundle and run the same from `npm start`, the CLI and the tests.
const migrations: Record<string, Migration> = {
  "2026-11-22T0300-accounts": accounts,
  "2026-11-22T0400-contacts-and-segments": contactsAndSegments,
  "2026-11-22T0500-campaigns": campaigns,
  "2026-11-22T0600-campaign-content": campaignContent,
  "2026-11-22T0700-events": events,
  "2026-11-22T0800-deliveries": deliveries,
  "2026-11-22T0850-tracking": tracking,
  "2026-11-22T0900-channel-settings": channelSettings,
  "2026-11-22T1000-filter-segments": filterSegments,
  "2026-11-22T1010-engagement-filter-index": engagementFilterIndex,
  "2026-11-22T1100-contacts-search-table": contactsSearchTable,
  "2026-11-23T1600-import-bytes": importBytes,
  "2026-11-23T1930-events-ingestion-indexes": eventsIngestionIndexes,
  "2026-11-23T2100-contact-attributes-partial-index": contactAttributesPartialIndex,
  "2026-11-24T1006-sealed-tracking-key": sealedTrackingKey,
  "2026-11-24T1007-rate-limits": rateLimits,
  "2026-11-24T1007-write-key-kinds": writeKeyKinds,
  "2026-11-24T1101-session-prune-index": sessionPruneIndex,
  "2026-11-24T1102-provider-base-urls": providerBaseUrls,
  "2026-11-24T1130-segment-counts": segmentCounts,
  "2026-11-24T1170-analytics-rollups": analyticsRollups,
  "2026-11-24T1180-recipient-outcome-indexes": recipientOutcomeIndexes,
  "2026-11-24T1181-outbox-filter-indexes": outboxFilterIndexes,
  "2026-11-24T1182-campaign-conversion-goal": campaignConversionGoal,
  "2026-11-24T1190-event-rollup-queue": eventRollupQueue,
  "2026-11-24T1191-event-daily-counts": eventDailyCounts,
  "2026-11-24T1200-account-tokens": accountTokens,
  "2026-11-24T1210-search-folds-accents": searchFoldsAccents,
  "2026-11-24T1211-contact-search-prefix-index": contactSearchPrefixIndex,
  "2026-11-24T1300-team-roles": teamRoles,
  "2026-11-24T1310-campaign-conversions": campaignConversions,
  "2026-11-24T1311-event-property-values": eventPropertyValues,
  "2026-11-24T1320-event-hourly-covering-key": eventHourlyCoveringKey,
  "2026-11-24T1330-api-keys": apiKeys,
  "2026-11-24T1340-team-invitations": teamInvitations,
  "2026-11-24T1350-audit-log": auditLog,
  "2026-11-24T1360-notifications": notifications,
  "2026-11-24T1370-demo-teams-and-onboarding": demoTeamsAndOnboarding,
  "2026-11-24T1390-campaign-trace-id": campaignTraceId,
  "2026-11-24T1395-erased-contacts": erasedContacts,
  "2026-11-24T1420-events-by-month": eventsByMonth,
  "2026-11-24T1430-segment-erasures": segmentErasures,
  "2026-11-24T1431-import-trace-id": importTraceId,
  "2026-11-24T1455-journeys": journeys,
  "2026-11-24T1460-journey-engine": journeyEngine,
  "2026-11-24T1480-frequency-caps": frequencyCaps,
  "2026-11-24T1500-journey-event-queue": journeyEventQueue,
  "2026-11-24T1510-journey-entry-windows": journeyEntryWindows,
  "2026-11-24T1520-analytics-versions": analyticsVersions,
  "2026-11-24T1530-contact-search-trigrams": contactSearchTrigrams,
  "2026-11-24T1540-campaign-link-and-client-rollups": campaignLinkAndClientRollups,
  "2026-11-24T1550-journey-delivery-batches": journeyDeliveryBatches,
  "2026-11-24T1600-ledger-write-cost": ledgerWriteCost,
  "2026-11-24T1610-journey-run-trigger-time": journeyRunTriggerTime,
  "2026-11-24T1640-unicode-lower": unicodeLower,
  "2026-11-25T0300-ingestion-pressure": ingestionPressure,
  "2026-11-25T0310-event-rollups-without-team-keys": eventRollupsWithoutTeamKeys,
  "2026-11-25T0330-event-rollup-queue-time": eventRollupQueueTime,
  "2026-11-29T0500-contacts-created-ascending": contactsCreatedAscending,
  "2026-11-29T0800-queues-stored-uncompressed": queuesStoredUncompressed,
  "2026-11-29T0810-audience-grouped-by-creation": audienceGroupedByCreation,
  "2026-11-29T1130-journey-run-claims": journeyRunClaims,
  "2026-11-29T1900-journey-run-keys": journeyRunKeys,
  "2026-11-29T1910-stopped-journey-runs": stoppedJourneyRuns,
  "2026-11-29T2300-journey-claims-by-journey": journeyClaimsByJourney,
  "2026-11-30T0300-journey-queue-as-json": journeyQueueAsJson,
  "2026-11-30T0600-journey-queue-by-id": journeyQueueById,
};

/** The migrations in the order they run, by name (a file in migrations/ without a name here never runs). */
export const migrationNames = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema to the latest migration; throws with the failing migration's name.
 * Safe when several processes start at once: Kysely's migrator holds a PostgreSQL session
 * advisory lock for the whole run (waiting up to an hour for it) and applies the pending
 * migrations in one transaction, so a second process waits, then finds none pending
 * (tests/db/concurrent-migrations.test.ts).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === "Error");
  if (error) {
    const where = failed ? ` in migration ${failed.migrationName}` : "";
    throw new Error(`Database migration failed${where}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}
