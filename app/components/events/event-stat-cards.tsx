import { Activity, CalendarDays, type LucideIcon, Tags, Users } from "lucide-react";
import { Card } from "#app/components/ui/card.tsx";

export type EventStatsView = { eventsToday: number; peopleToday: number; eventsLast7Days: number; eventNames: number };

const numberFormat = new Intl.NumberFormat("en-US");

/** The four figures above the feed. */
export function EventStatCards({ stats }: { stats: EventStatsView }) {
  return (
    <section aria-labelledby="event-stats-heading" className="mb-8">
      <h2 id="event-stats-heading" className="sr-only">
        Event figures
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title="Events Today" icon={Activity} value={stats.eventsToday} />
        <StatCard title="People Active Today" icon={Users} value={stats.peopleToday} />
        <StatCard title="Events (Last 7 Days)" icon={CalendarDays} value={stats.eventsLast7Days} />
        <StatCard title="Distinct Event Names" icon={Tags} value={stats.eventNames} />
      </ul>
    </section>
  );
}

function StatCard({ title, icon: Icon, value }: { title: string; icon: LucideIcon; value: number }) {
  const id = `event-stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-5" role="group" aria-labelledby={id}>
        <div className="flex items-center justify-between gap-2">
          <h3 id={id} className="text-sm font-medium text-muted-foreground">
            {title}
          </h3>
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        </div>
        <p className="text-2xl font-bold tabular-nums">{numberFormat.format(value)}</p>
      </Card>
    </li>
  );
}
