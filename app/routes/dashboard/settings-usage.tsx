import { Link } from "react-router";
import type { Route } from "./+types/settings-usage";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { formatBytes, UsageMeter } from "#app/components/usage/usage-meter.tsx";
import { getDb } from "#db/database.ts";
import { sessionContext } from "#app/http/context.ts";
import { usageLimitsFromEnv } from "#server/usage/limits.ts";
import { readTeamUsage } from "#server/usage/read-usage.ts";

export const meta: Route.MetaFunction = () => [{ title: "Usage · Murmur" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  return readTeamUsage(getDb(), { teamId: team.id, limits: usageLimitsFromEnv() });
}

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export default function Usage({ loaderData: usage }: Route.ComponentProps) {
  const month = monthFormat.format(new Date(`${usage.monthStart}T00:00:00Z`));
  return (
    <>
      <PageHeader
        title="Usage"
        description={
          <>
            What your team uses, against this server&apos;s limits where its operator set them.{" "}
            <Link to="/dashboard/settings" className="underline underline-offset-4">
              Back to settings
            </Link>
          </>
        }
      />
      <section aria-labelledby="usage-now" className="mb-8 flex flex-col gap-4">
        <h2 id="usage-now" className="text-lg font-semibold">
          Now
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <UsageMeter label="Contacts" metered={usage.contacts} />
          <UsageMeter label="Storage used (estimated)" metered={usage.storageBytes} format={formatBytes} />
        </dl>
        <p className="text-sm text-muted-foreground">
          Storage is an estimate: the database measures its tables, not teams, so each table&apos;s size per row is
          multiplied by your team&apos;s contacts, events and messages in it.
        </p>
      </section>
      <section aria-labelledby="usage-month" className="flex flex-col gap-4">
        <h2 id="usage-month" className="text-lg font-semibold">
          {month}
        </h2>
        <p className="text-sm text-muted-foreground">
          This calendar month in your team&apos;s time zone ({usage.timeZone}).
        </p>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <UsageMeter label="Events received" metered={usage.eventsThisMonth} />
          <UsageMeter label="Emails sent" metered={usage.messagesThisMonth.EMAIL} />
          <UsageMeter label="SMS sent" metered={usage.messagesThisMonth.SMS} />
          <UsageMeter label="WhatsApp messages sent" metered={usage.messagesThisMonth.WHATSAPP} />
        </dl>
      </section>
    </>
  );
}
