import { Badge } from "#app/components/ui/badge.tsx";
import { Card } from "#app/components/ui/card.tsx";

export type SubscriptionView = {
  channel: "EMAIL" | "SMS" | "WHATSAPP";
  address: string | null;
  status: string;
  suppressed: { reason: string; since: string } | null;
};

const CHANNEL_LABELS = { EMAIL: "Email", SMS: "SMS", WHATSAPP: "WhatsApp" } as const;

const STATUS_LABELS: Record<string, string> = {
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
};

const REASON_LABELS: Record<string, string> = { bounced: "bounced", complained: "a complaint" };

type Standing = { label: string; variant: "default" | "secondary" | "outline" | "destructive"; note?: string };

/**
 * What a send on this channel would do with the contact: no address means
 * nothing to send to; the contact's own status comes next; a subscribed
 * contact whose address the team suppressed is still left out.
 */
function standing(subscription: SubscriptionView, when: Intl.DateTimeFormat): Standing {
  if (!subscription.address) return { label: "No address", variant: "outline" };
  if (subscription.status !== "subscribed") {
    return {
      label: STATUS_LABELS[subscription.status] ?? subscription.status,
      variant: subscription.status === "unsubscribed" ? "secondary" : "destructive",
    };
  }
  if (subscription.suppressed) {
    const reason = REASON_LABELS[subscription.suppressed.reason] ?? subscription.suppressed.reason;
    return {
      label: "Suppressed",
      variant: "destructive",
      note: `The address is suppressed after ${reason} on ${when.format(new Date(subscription.suppressed.since))}.`,
    };
  }
  return { label: "Subscribed", variant: "default" };
}

/** The contact's subscription status on each channel, with the address it applies to. */
export function ChannelSubscriptions({
  subscriptions,
  timeZone,
}: {
  subscriptions: SubscriptionView[];
  timeZone: string;
}) {
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone });
  return (
    <Card className="flex flex-col gap-4 p-4 md:p-6" role="region" aria-labelledby="contact-subscriptions-heading">
      <h2 id="contact-subscriptions-heading" className="text-lg font-semibold">
        Subscriptions
      </h2>
      <table className="w-full text-sm">
        <caption className="sr-only">Subscription status per channel</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Channel</th>
            <th scope="col">Address</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {subscriptions.map((subscription) => {
            const state = standing(subscription, when);
            return (
              <tr key={subscription.channel} className="border-b align-top last:border-0">
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {CHANNEL_LABELS[subscription.channel]}
                </th>
                <td
                  className="max-w-56 truncate py-2 pr-4 text-muted-foreground"
                  title={subscription.address ?? undefined}
                >
                  {subscription.address ?? "—"}
                </td>
                <td className="py-2 text-right">
                  <Badge variant={state.variant}>{state.label}</Badge>
                  {state.note ? <p className="mt-1 text-xs text-muted-foreground">{state.note}</p> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
