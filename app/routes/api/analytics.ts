import type { Route } from "./+types/analytics";
import { getDb } from "#db/database.ts";
import { readAnalyticsReport } from "#server/analytics/analytics-report.ts";
import { readPropertyValuesAnswer } from "#server/analytics/property-values-answer.ts";
import { PropertyQuerySchema } from "#server/analytics/property-values.ts";
import { AnalyticsQuerySchema } from "#server/analytics/schemas.ts";
import { handleApi, parseQuery } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const query = parseQuery(request, AnalyticsQuerySchema);
    const { property, event } = parseQuery(request, PropertyQuerySchema);
    const { period, totals, previous, series } = await readAnalyticsReport(getDb(), { teamId: team.id, query });
    // Only with `property`: the answer stays as it was for clients that do not ask.
    const values = property
      ? { propertyValues: await readPropertyValuesAnswer(getDb(), { teamId: team.id, period, property, event }) }
      : {};
    return Response.json({
      data: { from: period.from, to: period.to, timeZone: period.timeZone, totals, previous, series, ...values },
    });
  });
}
