import { CalendarClock, CalendarX, Clock, Pencil, Send, Trash2 } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { BROADCASTS_PATH, countFormat, formatDate, formatDateTime } from "./format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import type { CampaignState, CampaignType } from "#shared/campaigns/schemas.ts";

export type CampaignListItem = {
  id: string;
  name: string;
  type: CampaignType;
  state: CampaignState;
  subject: string | null;
  segmentName: string | null;
  createdAt: string;
  scheduledAt: string | null;
  analytics: { sent: number; opened: number; clicked: number };
  /** Recipients who converted, or null when the campaign names no conversion goal. */
  conversions: number | null;
};

// The spec's badge styles: SENT default, SCHEDULED secondary, the others outline.
const BADGE_VARIANT = { SENT: "default", SCHEDULED: "secondary", DRAFT: "outline", ACTIVE: "outline" } as const;
const TYPE_LABEL: Record<CampaignType, string> = { EMAIL: "Email", WHATSAPP: "WhatsApp", SMS: "SMS" };

/** One campaign in the list: what it is, who it goes to, and what can still be done with it. */
export function CampaignCard({ campaign, timeZone }: { campaign: CampaignListItem; timeZone: string }) {
  const titleId = useId();
  const path = `${BROADCASTS_PATH}/${campaign.id}`;
  const editable = campaign.state === "DRAFT" || campaign.state === "SCHEDULED";
  const hidden = <span className="sr-only"> {campaign.name}</span>;
  const write = useAbility("campaigns.write");
  const send = useAbility("campaigns.send");

  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="min-w-0 font-semibold break-words">
              <Link to={path} className="hover:underline">
                {campaign.name}
              </Link>
            </h3>
            <Badge variant={BADGE_VARIANT[campaign.state]}>{campaign.state}</Badge>
            <span className="text-xs text-muted-foreground">{TYPE_LABEL[campaign.type]}</span>
          </div>
          <p className={campaign.subject ? "text-sm break-words" : "text-sm text-muted-foreground italic"}>
            {campaign.subject || "No subject"}
          </p>
          <p className="text-sm text-muted-foreground">
            To <span className="font-medium text-foreground">{campaign.segmentName ?? "All Users"}</span> · Created{" "}
            {formatDate(campaign.createdAt, timeZone)}
          </p>
          {campaign.state === "SCHEDULED" && campaign.scheduledAt ? (
            <p className="flex items-center gap-1 text-sm">
              <Clock className="size-4" aria-hidden="true" />
              Scheduled for {formatDateTime(campaign.scheduledAt, timeZone)}
            </p>
          ) : null}
        </div>
        {campaign.analytics.sent > 0 ? (
          <dl className="flex gap-6 text-sm">
            <Figure label="Sent" value={campaign.analytics.sent} />
            <Figure label="Opens" value={campaign.analytics.opened} />
            <Figure label="Clicks" value={campaign.analytics.clicked} />
            {campaign.conversions === null ? null : <Figure label="Conversions" value={campaign.conversions} />}
          </dl>
        ) : null}
      </div>
      {write.allowed || send.allowed ? (
        <div className="flex flex-wrap items-center gap-2">
          {!write.allowed ? null : editable ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={`${path}/edit`} preventScrollReset>
                <Pencil aria-hidden="true" />
                Edit{hidden}
              </Link>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{campaign.state} campaigns can no longer be edited.</p>
          )}
          {/* The spec's Schedule button is always there, and enabled only in DRAFT. */}
          {send.allowed ? (
            <Form method="post" action={`${path}/schedule`} preventScrollReset>
              <input type="hidden" name="intent" value="tomorrow" />
              <Button
                type="submit"
                variant="outline"
                size="sm"
                disabled={campaign.state !== "DRAFT"}
                title="Sends 24 hours from now"
              >
                <CalendarClock aria-hidden="true" />
                Schedule{hidden}
              </Button>
            </Form>
          ) : null}
          {send.allowed && campaign.state === "SCHEDULED" ? (
            <Form method="post" action={`${path}/schedule`} preventScrollReset>
              <input type="hidden" name="intent" value="unschedule" />
              <Button type="submit" variant="outline" size="sm">
                <CalendarX aria-hidden="true" />
                Unschedule{hidden}
              </Button>
            </Form>
          ) : null}
          {send.allowed && campaign.state === "DRAFT" ? (
            <Button variant="link" size="sm" asChild>
              <Link to={`${path}/schedule`} preventScrollReset>
                Pick a time{hidden}
              </Link>
            </Button>
          ) : null}
          {send.allowed && campaign.state === "DRAFT" ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={`${path}/send`} preventScrollReset>
                <Send aria-hidden="true" />
                Send now{hidden}
              </Link>
            </Button>
          ) : null}
          {write.allowed ? (
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" asChild>
              <Link to={`${path}/delete`} preventScrollReset>
                <Trash2 aria-hidden="true" />
                Delete{hidden}
              </Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{write.reason}</p>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col items-end">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{countFormat.format(value)}</dd>
    </div>
  );
}
