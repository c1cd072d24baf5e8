import type { Permission } from "#server/teams/permissions.ts";

/**
 * What each route of app/routes.ts lets each role do, by path and method: the
 * permission a role must hold (else 403), or "public" for routes that no team
 * member's role governs (sign-in pages, tracking, webhooks, unsubscribe links).
 * `{ permission, answers }` names the status a permitted role gets when it is not
 * the usual one (a GET that only redirects). A route added to app/routes.ts
 * without a line here fails tests/teams/routes-by-role.test.ts with its name.
 */
export type RouteDecision = "public" | Permission | { permission: Permission; answers: number };
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const ROUTE_DECISIONS: Record<string, Partial<Record<Method, RouteDecision>>> = {
  "/ (index)": { GET: "public" },
  "/login": { GET: "public", POST: "public" },
  "/signup": { GET: "public", POST: "public" },
  "/forgot-password": { POST: "public" },
  "/reset-password": { GET: "public", POST: "public" },
  "/confirm-email": { GET: "public", POST: "public" },
  "/logout": { GET: "public", POST: "public" },
  "/favicon.ico": { GET: "public" },
  "/terms": { GET: "public" },
  "/privacy": { GET: "public" },
  "/preferences/theme": { POST: "public" },
  "/preferences/sidebar": { POST: "public" },
  "/t/o/:token": { GET: "public" },
  "/t/c/:token": { GET: "public" },
  "/u/:token": { GET: "public", POST: "public" },
  // An invitation link is its own credential, Watch Demo starts a team, the API reference is for anyone.
  "/invitations/accept": { GET: "public", POST: "public" },
  "/demo": { GET: "public", POST: "public" },
  "/docs/api": { GET: "public" },

  "/dashboard": { GET: "team.read" },
  "/dashboard (index)": { GET: "team.read" },
  "/dashboard/events": { GET: "team.read" },
  "/dashboard/events/latest": { GET: "team.read" },
  "/dashboard/events/export.csv": { GET: "team.read" },
  "/dashboard/contacts": { GET: "team.read" },
  "/dashboard/contacts/new-segment": { POST: "segments.write" },
  "/dashboard/contacts/:id": { GET: "team.read" },
  // Erasing a person and taking out their data are changes to contacts: not a Viewer's.
  "/dashboard/contacts/:id/delete": { GET: "contacts.write", POST: "contacts.write" },
  "/dashboard/contacts/:id/export.json": { GET: "contacts.write" },
  "/dashboard/segments": { GET: "team.read", POST: "segments.write" },
  "/dashboard/segments/new": { POST: "segments.write" },
  "/dashboard/segments/ai": { GET: "segments.write", POST: "segments.write" },
  "/dashboard/segments/:id/edit": { GET: "segments.write", POST: "segments.write" },
  "/dashboard/segments/:id/delete": { GET: "segments.write", POST: "segments.write" },
  // Erasing everyone in a segment is for Owners and Admins; its progress, counts only, is anyone's to follow.
  "/dashboard/segments/:id/erase": { GET: "contacts.erase-segment", POST: "contacts.erase-segment" },
  "/dashboard/segments/erasures/:id": { GET: "team.read" },
  // Counting again changes no data: anyone who sees the list may ask.
  "/dashboard/segments/:id/count": { GET: { permission: "team.read", answers: 302 }, POST: "team.read" },
  "/dashboard/segments/import": { POST: "imports.write" },
  // A live count of a draft filter reads, like the API's preview.
  "/dashboard/segments/preview": { POST: "team.read" },
  "/dashboard/imports/:id": { GET: "team.read" },
  "/dashboard/broadcasts": { GET: "team.read" },
  "/dashboard/broadcasts/new": { GET: "campaigns.write", POST: "campaigns.write" },
  "/dashboard/broadcasts/:id/edit": { GET: "campaigns.write", POST: "campaigns.write" },
  "/dashboard/broadcasts/:id/delete": { GET: "campaigns.write", POST: "campaigns.write" },
  "/dashboard/broadcasts/:id/schedule": { GET: "campaigns.send", POST: "campaigns.send" },
  "/dashboard/broadcasts/:id/send": { GET: "campaigns.send", POST: "campaigns.send" },
  "/dashboard/broadcasts/:id": { GET: "team.read" },
  "/dashboard/broadcasts/:id/recipients.csv": { GET: "team.read" },
  "/dashboard/journeys": { GET: "team.read" },
  "/dashboard/journeys/new": { GET: "journeys.write", POST: "journeys.write" },
  "/dashboard/journeys/:id": { GET: "team.read", POST: "journeys.write" },
  "/dashboard/journeys/:id/state": { POST: "journeys.start" },
  "/dashboard/journeys/:id/delete": { POST: "journeys.write" },
  "/dashboard/outbox": { GET: "team.read" },
  "/dashboard/outbox/:id": { GET: "team.read" },
  "/dashboard/analytics": { GET: "team.read" },
  "/dashboard/analytics/campaigns.csv": { GET: "team.read" },
  // One's own profile and sessions, whatever one's role.
  "/dashboard/account": { POST: "team.read" },
  "/dashboard/account/sessions": { GET: "team.read", POST: "team.read" },
  "/dashboard/account/preferences": { GET: "team.read", POST: "team.read" },
  "/dashboard/notifications": { GET: "team.read", POST: "team.read" },
  "/dashboard/notifications/stream": { GET: "team.read" },
  // Which team one works in, and a new team of one's own, are the person's, not the role's.
  "/dashboard/teams/switch": { GET: { permission: "team.read", answers: 302 }, POST: "team.read" },
  "/dashboard/teams/new": { POST: "team.read" },
  // Deleting a demo team is deleting a team: an Owner's.
  "/dashboard/demo/delete": { GET: "team.delete", POST: "team.delete" },
  // Dismissing the team's checklist or keeping the outbox as its email provider sets the team up.
  "/dashboard/onboarding": { GET: { permission: "team.read", answers: 302 }, POST: "team-settings.manage" },
  "/dashboard/search": { GET: "team.read" },
  "/dashboard/search/results": { GET: "team.read" },
  "/dashboard/settings": { GET: "team.read", POST: "team-settings.manage" },
  // Everyone sees the providers (a Viewer without their secrets); managers change them.
  "/dashboard/settings/channels": { GET: "team.read", POST: "channels.manage" },
  "/dashboard/settings/frequency": { GET: "team.read", POST: "frequency-settings.manage" },
  // Everyone sees who is in the team; inviting, changing and removing are managers'
  // (removing oneself is leaving, anyone's: the domain lets it through before the check).
  "/dashboard/settings/members": { GET: "team.read", POST: "members.manage" },
  "/dashboard/settings/members/:id/role": { GET: { permission: "team.read", answers: 302 }, POST: "members.manage" },
  "/dashboard/settings/members/:id/remove": { GET: { permission: "team.read", answers: 302 }, POST: "members.manage" },
  "/dashboard/settings/invitations/:id/revoke": {
    GET: { permission: "team.read", answers: 302 },
    POST: "members.manage",
  },
  "/dashboard/settings/audit-log": { GET: "audit-log.read" },
  "/dashboard/settings/audit-log/export.csv": { GET: "audit-log.read" },
  "/dashboard/settings/usage": { GET: "team.read" },
  "/dashboard/settings/api-keys": { GET: "api-keys.read", POST: "api-keys.manage" },
  "/dashboard/settings/api-keys/:id/revoke": { GET: "api-keys.manage", POST: "api-keys.manage" },
  "/dashboard/settings/api-keys/api/:id/revoke": { GET: "api-keys.manage", POST: "api-keys.manage" },

  // The tracking API (write keys) and provider webhooks are not people: no role applies.
  "/v1/track": { POST: "public" },
  "/v1/identify": { POST: "public" },
  "/v1/page": { POST: "public" },
  "/v1/batch": { POST: "public" },
  "/webhooks/twilio/:teamId/status": { POST: "public" },
  "/webhooks/twilio/:teamId/inbound": { POST: "public" },
  "/webhooks/whatsapp/:teamId": { GET: "public", POST: "public" },

  "/api/auth/login": { POST: "public" },
  "/api/auth/signup": { POST: "public" },
  "/api/openapi.json": { GET: "public" },
  "/api/me": { GET: "team.read" },
  "/api/teams": { GET: "team.read", POST: "team.read" },
  "/api/session/team": { POST: "team.read" },
  "/api/members": { GET: "team.read" },
  "/api/members/:userId": { PATCH: "members.manage", DELETE: "members.manage" },
  "/api/invitations": { GET: "members.manage", POST: "members.manage" },
  "/api/invitations/accept": { POST: "team.read" },
  "/api/invitations/:id": { DELETE: "members.manage" },
  "/api/invitations/:id/resend": { POST: "members.manage" },
  "/api/audit-log": { GET: "audit-log.read" },
  "/api/settings/frequency": { GET: "team.read", PUT: "frequency-settings.manage" },
  "/api/audit-log.csv": { GET: "audit-log.read" },
  "/api/contacts": { GET: "team.read", DELETE: "contacts.write" },
  "/api/contacts/:id": { DELETE: "contacts.write" },
  "/api/contacts/:id/export": { GET: "contacts.write" },
  "/api/contacts/import": { POST: "imports.write" },
  "/api/imports/:id/skipped.csv": { GET: "team.read" },
  "/api/segments": { GET: "team.read", POST: "segments.write" },
  "/api/segments/preview": { POST: "team.read" },
  "/api/segments/ai": { POST: "segments.write" },
  "/api/segments/:id": { PATCH: "segments.write", DELETE: "segments.write" },
  "/api/segments/:id/contacts": { POST: "segments.write" },
  "/api/segments/:id/erase-contacts": { POST: "contacts.erase-segment" },
  // Progress shows counts only, and the notification that links to it goes to the whole team.
  "/api/segment-erasures/:id": { GET: "team.read" },
  "/api/campaigns": { GET: "team.read", POST: "campaigns.write" },
  "/api/campaigns/:id": { GET: "team.read", PUT: "campaigns.write", DELETE: "campaigns.write" },
  "/api/campaigns/:id/schedule": { POST: "campaigns.send" },
  "/api/campaigns/:id/unschedule": { POST: "campaigns.send" },
  "/api/campaigns/:id/recipients": { GET: "team.read" },
  "/api/campaigns/:id/recipients.csv": { GET: "team.read" },
  "/api/outbox": { GET: "team.read" },
  "/api/campaigns/:id/analytics": { GET: "team.read" },
  "/api/journeys": { GET: "team.read", POST: "journeys.write" },
  "/api/journeys/:id": { GET: "team.read", PUT: "journeys.write", DELETE: "journeys.write" },
  "/api/journeys/:id/start": { POST: "journeys.start" },
  "/api/journeys/:id/pause": { POST: "journeys.start" },
  "/api/journeys/:id/stop": { POST: "journeys.start" },
  "/api/journeys/:id/analytics": { GET: "team.read" },
  "/api/analytics": { GET: "team.read" },
  "/api/write-keys": { GET: "api-keys.read", POST: "api-keys.manage" },
  "/api/write-keys/:id": { DELETE: "api-keys.manage" },
  "/api/*": { GET: "team.read" },
  "/*": { GET: "public" },
};
