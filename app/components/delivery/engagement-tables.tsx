import type { CampaignLink } from "#server/campaigns/campaign-links.ts";
import type { ClientOpens } from "#server/campaigns/campaign-clients.ts";
import type { MailClient } from "#server/tracking/mail-client.ts";
import { countFormat } from "#app/components/broadcasts/format.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

const CLIENT_LABELS: Record<MailClient, string> = {
  apple_mail: "Apple Mail",
  gmail: "Gmail",
  outlook: "Outlook",
  other: "Other",
  machine: "Machine (privacy proxies, scanners)",
};

/** Each link of the campaign with how many recipients followed it and how often; people only. */
export function LinksCard({ links }: { links: CampaignLink[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Links</CardTitle>
      </CardHeader>
      <CardContent>
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No link followed yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Clicks per link, machine clicks not counted</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-2 font-medium">Link</th>
                <th className="py-2 text-right font-medium">Unique clicks</th>
                <th className="py-2 text-right font-medium">Clicks</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.url} className="border-t align-top">
                  <td className="py-2 break-all">{link.url}</td>
                  <td className="py-2 text-right tabular-nums">{countFormat.format(link.uniqueClicks)}</td>
                  <td className="py-2 text-right tabular-nums">{countFormat.format(link.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/** Opens by the mail client that fetched the pixel, machines apart. */
export function MailClientsCard({ clients }: { clients: ClientOpens[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Mail clients</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Opens per mail client</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-2 font-medium">Client</th>
              <th className="py-2 text-right font-medium">Opens</th>
            </tr>
          </thead>
          <tbody>
            {clients.map((row) => (
              <tr key={row.client} className="border-t">
                <td className="py-2">{CLIENT_LABELS[row.client]}</td>
                <td className="py-2 text-right tabular-nums">{countFormat.format(row.opens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
