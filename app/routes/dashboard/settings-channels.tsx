import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/settings-channels";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { PROVIDER_NAMES } from "#app/components/channels/provider-fields.ts";
import { ProviderForm } from "#app/components/channels/provider-form.tsx";
import { TestMessageForm } from "#app/components/channels/test-message-form.tsx";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { saveProviderSettings } from "#server/channels/save-provider-settings.ts";
import {
  EmailTestSchema,
  ProviderSettingsFormSchema,
  secretFieldsOf,
  SmsTestSchema,
  WhatsAppTestSchema,
} from "#shared/channels/settings-schemas.ts";
import { viewChannelSettings } from "#server/channels/settings.ts";
import { sendTestMessage } from "#server/channels/test-message.ts";
import { publicBaseUrl } from "#server/delivery/webhooks/public-url.ts";
import { AppError } from "#server/errors.ts";
import { sessionContext } from "#app/http/context.ts";
import { accessOf, requireAccess } from "#app/http/access.ts";
import { formFailure } from "#app/http/forms.ts";
import { flashToasts } from "#app/http/toast.ts";
import { useAbility } from "#app/components/dashboard/use-ability.ts";

const CHANNELS = ["EMAIL", "SMS", "WHATSAPP"] as const satisfies readonly CampaignType[];
const TEST_SCHEMAS = { EMAIL: EmailTestSchema, SMS: SmsTestSchema, WHATSAPP: WhatsAppTestSchema } as const;

export const meta: Route.MetaFunction = () => [{ title: "Channels · Settings · Murmur" }];

/** Plain settings as form values: every value a string, as a form posts it. */
function asDefaults(config: object | null): Record<string, string> {
  if (!config) return {};
  return Object.fromEntries(Object.entries(config).map(([name, value]) => [name, value == null ? "" : String(value)]));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  const { team } = session;
  const access = accessOf(session);
  const views = await Promise.all(CHANNELS.map((channel) => viewChannelSettings(getDb(), { access, channel })));
  const base = publicBaseUrl(request);
  return {
    providers: views.map((view) => ({
      channel: view.channel,
      enabled: view.enabled,
      saved: view.config !== null,
      unreadable: view.unreadable,
      defaults: asDefaults(view.config),
      masked: view.secrets as Record<string, string | null>,
      savedAt: view.updatedAt?.toISOString() ?? "never",
    })),
    webhooks: {
      twilioStatus: `${base}/webhooks/twilio/${team.id}/status`,
      twilioInbound: `${base}/webhooks/twilio/${team.id}/inbound`,
      whatsapp: `${base}/webhooks/whatsapp/${team.id}`,
    },
  };
}

function channelOf(formData: FormData): CampaignType | null {
  const value = formData.get("channel");
  return CHANNELS.find((channel) => channel === value) ?? null;
}

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "channels.manage");
  const formData = await request.formData();
  const channel = channelOf(formData);
  if (!channel) throw new AppError("NOT_FOUND", "Not found");
  const intent = formData.get("intent") === "test" ? "test" : "save";
  const form = `${channel}-${intent}`;

  if (intent === "test") {
    const submission = parseWithZod(formData, { schema: TEST_SCHEMAS[channel] });
    if (submission.status !== "success")
      return data({ form, result: submission.reply(), report: null, toasts: [] }, { status: 400 });
    try {
      const outcome = await sendTestMessage(getDb(), { access, channel, message: submission.value });
      const report =
        outcome.status === "sent"
          ? { ok: true, message: `Test message sent to ${submission.value.to}.` }
          : { ok: false, message: `The provider refused the test message: ${outcome.reason}` };
      return data({ form, result: submission.reply(), report, toasts: [] }, { status: report.ok ? 200 : 502 });
    } catch (error) {
      const failure = formFailure(submission, error, { toastTitle: "Error" });
      return data({ form, ...failure.data, report: null }, { status: failure.init?.status ?? 400 });
    }
  }

  const hideFields = secretFieldsOf(channel);
  const submission = parseWithZod(formData, { schema: ProviderSettingsFormSchema });
  if (submission.status !== "success")
    return data({ form, result: submission.reply({ hideFields }), report: null, toasts: [] }, { status: 400 });
  try {
    await saveProviderSettings(getDb(), { access, form: submission.value });
  } catch (error) {
    const failure = formFailure(submission, error, { toastTitle: "Error", hideFields });
    return data({ form, ...failure.data, report: null }, { status: failure.init?.status ?? 400 });
  }
  const toast = await flashToasts({
    type: "success",
    title: "Success",
    description: `${PROVIDER_NAMES[channel]} settings saved`,
  });
  return redirect("/dashboard/settings/channels", { headers: { "Set-Cookie": toast } });
});

export default function ChannelSettings({ loaderData, actionData }: Route.ComponentProps) {
  const manage = useAbility("channels.manage");
  const secrets = useAbility("channels.read");
  return (
    <>
      <PageHeader
        title="Channels"
        description="The providers your campaigns are sent through. Without one, a channel's messages go to the outbox."
      />
      <p className="mb-4 text-sm">
        <Link to="/dashboard/settings" className="underline underline-offset-4">
          Back to settings
        </Link>
      </p>
      {manage.reason ? (
        <p className="mb-4 rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
          {manage.reason} {secrets.reason ?? ""}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        {loaderData.providers.map((provider) => {
          const active = provider.enabled ? PROVIDER_NAMES[provider.channel] : "Outbox";
          return (
            <Card key={provider.channel}>
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  {PROVIDER_NAMES[provider.channel]}
                </CardTitle>
                <CardDescription>
                  Sending through: <strong>{active}</strong>
                </CardDescription>
                {provider.unreadable && (
                  <p role="alert" className="text-sm text-destructive">
                    The saved secrets cannot be read with this server&apos;s MURMUR_SECRET_KEY; enter them again.
                    Messages on this channel wait until they are.
                  </p>
                )}
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                {/* A new key after each save remounts the form, so typed secrets leave the page with JavaScript too. */}
                {/* Read-only for those who may not change providers: the controls are there, disabled. */}
                <fieldset disabled={!manage.allowed} className="contents">
                  <ProviderForm
                    key={provider.savedAt}
                    channel={provider.channel}
                    enabled={provider.enabled}
                    defaults={provider.defaults}
                    masked={provider.masked}
                    lastResult={actionData?.form === `${provider.channel}-save` ? actionData.result : undefined}
                  />
                  {provider.saved && (
                    <TestMessageForm
                      channel={provider.channel}
                      lastResult={actionData?.form === `${provider.channel}-test` ? actionData.result : undefined}
                      report={actionData?.form === `${provider.channel}-test` ? actionData.report : undefined}
                    />
                  )}
                </fieldset>
              </CardContent>
            </Card>
          );
        })}
      </div>
      <section className="mt-6 text-sm">
        <h2 className="mb-2 text-lg font-semibold">Webhook URLs</h2>
        <dl className="grid gap-2">
          <dt className="text-muted-foreground">Twilio status callback</dt>
          <dd className="font-mono break-all">{loaderData.webhooks.twilioStatus}</dd>
          <dt className="text-muted-foreground">Twilio incoming messages (STOP replies)</dt>
          <dd className="font-mono break-all">{loaderData.webhooks.twilioInbound}</dd>
          <dt className="text-muted-foreground">WhatsApp callback URL</dt>
          <dd className="font-mono break-all">{loaderData.webhooks.whatsapp}</dd>
        </dl>
      </section>
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
