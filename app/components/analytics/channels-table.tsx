import type { ChannelRow } from "#server/analytics/breakdowns.ts";
import { countFormat, formatRate } from "./format.ts";
import { Section } from "./section.tsx";

const CHANNEL_NAMES: Record<string, string> = { EMAIL: "Email", SMS: "SMS", WHATSAPP: "WhatsApp" };

/** The range's figures per channel. */
export function ChannelsTable({ channels }: { channels: ChannelRow[] }) {
  return (
    <Section title="Channels">
      {channels.length === 0 ? (
        <p className="text-sm text-muted-foreground">No channel sent anything in this range.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="channels-table">
          <thead className="text-muted-foreground">
            <tr>
              {["Channel", "Sent", "Delivered", "Open rate", "Click rate", "Unsubscribes", "Bounces", "Failures"].map(
                (label, i) => (
                  <th key={label} scope="col" className={i === 0 ? "py-2 font-medium" : "py-2 text-right font-medium"}>
                    {label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {channels.map((row) => (
              <tr key={row.channel} className="border-t">
                <th scope="row" className="py-2 font-normal">
                  {CHANNEL_NAMES[row.channel] ?? row.channel}
                </th>
                <td className="py-2 text-right tabular-nums">{countFormat.format(row.sent)}</td>
                <td className="py-2 text-right tabular-nums">{countFormat.format(row.delivered)}</td>
                <td className="py-2 text-right tabular-nums">
                  {formatRate(row.openRate)}{" "}
                  <span className="text-muted-foreground">({countFormat.format(row.opened)})</span>
                </td>
                <td className="py-2 text-right tabular-nums">
                  {formatRate(row.clickRate)}{" "}
                  <span className="text-muted-foreground">({countFormat.format(row.clicked)})</span>
                </td>
                <td className="py-2 text-right tabular-nums">{countFormat.format(row.unsubscribed)}</td>
                <td className="py-2 text-right tabular-nums">{countFormat.format(row.bounced)}</td>
                <td className="py-2 text-right tabular-nums">{countFormat.format(row.failed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
