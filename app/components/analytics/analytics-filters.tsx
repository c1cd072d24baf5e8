import { Form } from "react-router";
import type { AnalyticsPeriod } from "#server/analytics/period.ts";
import type { AnalyticsQuery } from "#server/analytics/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";

type Props = {
  period: AnalyticsPeriod;
  query: AnalyticsQuery;
  campaigns: { id: string; name: string }[];
  problems: string[];
};

/** The range and filters as a GET form: every view is a link, and it works without JavaScript. */
export function AnalyticsFilters({ period, query, campaigns, problems }: Props) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Range and filters">
      <div className="flex flex-col gap-1">
        <Label htmlFor="range">Range</Label>
        <NativeSelect id="range" name="range" defaultValue={period.preset ?? "custom"}>
          <option value="7d">Last 7 days</option>
          <option value="30d">Last 30 days</option>
          <option value="90d">Last 90 days</option>
          <option value="custom">From – to</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="from">From</Label>
        <Input id="from" name="from" type="date" defaultValue={period.preset ? "" : period.from} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="to">To</Label>
        <Input id="to" name="to" type="date" defaultValue={period.preset ? "" : period.to} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="channel">Channel</Label>
        <NativeSelect id="channel" name="channel" defaultValue={query.channel ?? ""}>
          <option value="">All channels</option>
          <option value="EMAIL">Email</option>
          <option value="SMS">SMS</option>
          <option value="WHATSAPP">WhatsApp</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="campaignId">Campaign</Label>
        <NativeSelect id="campaignId" name="campaignId" defaultValue={query.campaignId ?? ""}>
          <option value="">All campaigns</option>
          {campaigns.map((campaign) => (
            <option key={campaign.id} value={campaign.id}>
              {campaign.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit">Apply</Button>
      <p className="w-full text-sm text-muted-foreground" data-testid="analytics-range">
        {period.from} to {period.to} ({period.timeZone}), compared with {period.previousFrom} to {period.previousTo}
      </p>
      {problems.length ? (
        <ul className="w-full text-sm text-destructive" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </Form>
  );
}
