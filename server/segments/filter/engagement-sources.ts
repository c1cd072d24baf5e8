import { sql } from "kysely";
import type { EngagementSources } from "./compile-activity.ts";

// Opens and clicks as (contact_id, campaign_id, at) of one team, read from every
// human hit in engagement_events rather than each delivery's first one, so "opened in
// the last 7 days" also finds a reader who came back to an older email. Machine hits
// (bot_open, bot_click) are left out, and a click counts as an open, as in the
// campaign analytics.
const hits = (kinds: string[]) => (teamId: string) =>
  sql`select h.contact_id, h.campaign_id, h.occurred_at as at from engagement_events h
    where h.team_id = ${teamId} and h.kind in (${sql.join(kinds)}) and h.contact_id is not null`;

export const engagementSources: EngagementSources = {
  opened: hits(["open", "click"]),
  clicked: hits(["click"]),
};
