import { sql } from "kysely";
import type { EngagementSources } from "./compile-activity.ts";

// Where opens and clicks are recorded, as (contact_id, campaign_id, at) of one team.
// Until the tracking tables exist nothing has been opened or clicked, so these are
// empty sets: "opened" matches nobody and "not opened" everybody, which is the truth.
const nothingYet = () => sql`select null::uuid as contact_id, null::uuid as campaign_id, null::timestamptz as at where false`;

export const engagementSources: EngagementSources = {
  opened: nothingYet,
  clicked: nothingYet,
};
