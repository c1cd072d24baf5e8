import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// Every URL Murmur answers, in one place.
export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("logout", "routes/logout.ts"),
  route("favicon.ico", "routes/favicon.ts"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("preferences/theme", "routes/preferences/theme.ts"),
  route("preferences/sidebar", "routes/preferences/sidebar.ts"),
  // What recipients' mail reaches, without signing in: open pixel, tracked links, unsubscribe.
  route("t/o/:token", "routes/tracking/open.ts"),
  route("t/c/:token", "routes/tracking/click.tsx"),
  route("u/:token", "routes/unsubscribe.tsx"),

  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("events", "routes/dashboard/events.tsx"),
    route("events/latest", "routes/dashboard/events-latest.ts"),
    route("events/export.csv", "routes/dashboard/events-export.ts"),
    route("contacts", "routes/dashboard/contacts.tsx"),
    route("contacts/new-segment", "routes/dashboard/contacts-new-segment.tsx"),
    route("contacts/:id", "routes/dashboard/contact.tsx"),
    route("segments", "routes/dashboard/segments.tsx", [
      route("new", "routes/dashboard/segment-new.tsx"),
      route("ai", "routes/dashboard/segments-ai.tsx"),
      route(":id/edit", "routes/dashboard/segment-edit.tsx"),
      route(":id/delete", "routes/dashboard/segment-delete.tsx"),
      route(":id/count", "routes/dashboard/segment-count.tsx"),
    ]),
    route("segments/import", "routes/dashboard/segments-import.tsx"),
    route("segments/preview", "routes/dashboard/segments-preview.ts"),
    route("imports/:id", "routes/dashboard/import-result.tsx"),
    route("broadcasts", "routes/dashboard/broadcasts.tsx", [
      route("new", "routes/dashboard/broadcast-new.tsx"),
      route(":id/edit", "routes/dashboard/broadcast-edit.tsx"),
      route(":id/delete", "routes/dashboard/broadcast-delete.tsx"),
      route(":id/schedule", "routes/dashboard/broadcast-schedule.tsx"),
      route(":id/send", "routes/dashboard/broadcast-send.tsx"),
    ]),
    route("broadcasts/:id", "routes/dashboard/broadcast.tsx"),
    route("broadcasts/:id/recipients.csv", "routes/dashboard/broadcast-recipients-csv.ts"),
    route("outbox", "routes/dashboard/outbox.tsx"),
    route("outbox/:id", "routes/dashboard/outbox-message.tsx"),
    route("analytics", "routes/dashboard/analytics.tsx"),
    route("analytics/campaigns.csv", "routes/dashboard/analytics-campaigns-csv.ts"),
    route("search", "routes/dashboard/search.tsx"),
    route("search/results", "routes/dashboard/search-results.ts"),
    route("settings", "routes/dashboard/settings.tsx"),
    route("settings/channels", "routes/dashboard/settings-channels.tsx"),
    route("settings/api-keys", "routes/dashboard/api-keys.tsx", [
      route(":id/revoke", "routes/dashboard/api-key-revoke.tsx"),
    ]),
  ]),

  // The Segment-compatible tracking API, at Segment's own paths so its SDKs need only a host.
  ...prefix("v1", [
    route("track", "routes/tracking/track.ts"),
    route("identify", "routes/tracking/identify.ts"),
    route("page", "routes/tracking/page.ts"),
    route("batch", "routes/tracking/batch.ts"),
  ]),

  // Provider webhooks, one URL per team so the team's own secret checks the signature.
  ...prefix("webhooks", [
    route("twilio/:teamId/status", "routes/webhooks/twilio-status.ts"),
    route("twilio/:teamId/inbound", "routes/webhooks/twilio-inbound.ts"),
    route("whatsapp/:teamId", "routes/webhooks/whatsapp.ts"),
  ]),

  ...prefix("api", [
    route("auth/login", "routes/api/auth-login.ts"),
    route("auth/signup", "routes/api/auth-signup.ts"),
    route("me", "routes/api/me.ts"),
    route("contacts", "routes/api/contacts.ts"),
    route("contacts/import", "routes/api/contacts-import.ts"),
    route("imports/:id/skipped.csv", "routes/api/import-skipped-csv.ts"),
    route("segments", "routes/api/segments.ts"),
    route("segments/preview", "routes/api/segments-preview.ts"),
    route("segments/ai", "routes/api/segments-ai.ts"),
    route("segments/:id", "routes/api/segment.ts"),
    route("segments/:id/contacts", "routes/api/segment-contacts.ts"),
    route("campaigns", "routes/api/campaigns.ts"),
    route("campaigns/:id", "routes/api/campaign.ts"),
    route("campaigns/:id/schedule", "routes/api/campaign-schedule.ts"),
    route("campaigns/:id/unschedule", "routes/api/campaign-unschedule.ts"),
    route("campaigns/:id/recipients", "routes/api/campaign-recipients.ts"),
    route("campaigns/:id/recipients.csv", "routes/api/campaign-recipients-csv.ts"),
    route("outbox", "routes/api/outbox.ts"),
    route("campaigns/:id/analytics", "routes/api/campaign-analytics.ts"),
    route("analytics", "routes/api/analytics.ts"),
    route("write-keys", "routes/api/write-keys.ts"),
    route("write-keys/:id", "routes/api/write-key.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
