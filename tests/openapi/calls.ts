import { randomUUID } from "node:crypto";
import { abandonedCartInput } from "../journeys/journey-fixtures.ts";
import type { SeededTeam } from "./seeded-team.ts";

/**
 * How the conformance test calls one operation: path parameters, query and body, for
 * a seeded team; `token` signs it as someone else than the team's Owner.
 */
export type Call = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; token?: string };

const inADay = () => new Date(Date.now() + 24 * 3600_000).toISOString();

/**
 * One successful call of each documented operation, keyed `METHOD /path`. An
 * operation documented without one here fails the test by name. Calls that end
 * something (DELETE, revoke) act on the seeded team's spare resources.
 */
export const SUCCESSFUL_CALLS: Record<string, (team: SeededTeam) => Call> = {
  "GET /api/openapi.json": () => ({}),
  "POST /api/auth/login": (team) => ({ body: { email: team.email, password: team.password } }),
  "POST /api/auth/signup": () => ({
    body: { name: "Grace", email: `grace-${randomUUID()}@murmur.test`, password: "correct horse battery staple" },
  }),
  "GET /api/me": () => ({}),
  "GET /api/teams": () => ({}),
  "POST /api/teams": () => ({ body: { name: "Second brand" } }),
  // The team the session is on already: later calls keep acting on the seeded team.
  "POST /api/session/team": (team) => ({ body: { teamId: team.teamId } }),
  "GET /api/members": () => ({}),
  "PATCH /api/members/{userId}": (team) => ({ params: { userId: team.spareMemberId }, body: { role: "ADMIN" } }),
  "DELETE /api/members/{userId}": (team) => ({ params: { userId: team.spareMemberId } }),
  "GET /api/invitations": () => ({}),
  "POST /api/invitations": () => ({ body: { email: `new-${randomUUID()}@murmur.test`, role: "VIEWER" } }),
  "POST /api/invitations/accept": (team) => ({
    token: team.inviteeToken,
    body: { token: team.inviteeInvitationToken },
  }),
  "DELETE /api/invitations/{id}": (team) => ({ params: { id: team.spareInvitationId } }),
  "POST /api/invitations/{id}/resend": (team) => ({ params: { id: team.invitationId } }),
  "GET /api/contacts": () => ({ query: { limit: "3" } }),
  "GET /api/contacts/{id}/export": (team) => ({ params: { id: team.contactIds[0]! } }),
  "DELETE /api/contacts/{id}": (team) => ({ params: { id: team.erasedContactId } }),
  "DELETE /api/contacts": () => ({ query: { email: "erase-by-email@murmur.test" } }),
  "POST /api/contacts/import": () => ({
    body: {
      contacts: [{ name: "Lin", email: `lin-${randomUUID()}@murmur.test` }, { name: "No address" }],
      segmentName: "Imported",
      final: true,
    },
  }),
  "GET /api/imports/{id}/skipped.csv": (team) => ({ params: { id: team.importId! } }),
  "GET /api/segments": () => ({}),
  "POST /api/segments": () => ({
    body: {
      name: "Openers",
      filter: {
        type: "group",
        combinator: "and",
        conditions: [{ type: "engagement", operator: "opened" }],
      },
    },
  }),
  "POST /api/segments/preview": () => ({
    body: {
      filter: {
        type: "group",
        combinator: "and",
        conditions: [{ type: "field", field: "email", operator: "contains", value: "murmur.test" }],
      },
    },
  }),
  "POST /api/segments/ai": () => ({ body: { prompt: "people who opened an email" } }),
  "PATCH /api/segments/{id}": (team) => ({ params: { id: team.segmentId }, body: { name: "Renamed" } }),
  "DELETE /api/segments/{id}": (team) => ({ params: { id: team.spareSegmentId } }),
  "POST /api/segments/{id}/contacts": (team) => ({
    params: { id: team.segmentId },
    body: { contactIds: [...team.contactIds, randomUUID()] },
  }),
  "POST /api/segments/{id}/erase-contacts": (team) => ({
    params: { id: team.erasableSegmentId },
    body: { confirm: "To erase" },
  }),
  "GET /api/segment-erasures/{id}": (team) => ({ params: { id: team.erasureId } }),
  "GET /api/campaigns": () => ({}),
  "POST /api/campaigns": (team) => ({
    body: { name: "Spring", type: "EMAIL", subject: "Spring", content: "<p>Hi</p>", segmentIds: [team.segmentId] },
  }),
  "GET /api/campaigns/{id}": (team) => ({ params: { id: team.sentCampaignId } }),
  "PUT /api/campaigns/{id}": (team) => ({
    params: { id: team.draftCampaignId },
    body: { name: "Draft again", type: "EMAIL", subject: "Draft", content: "<p>Edited</p>", segmentIds: [] },
  }),
  "DELETE /api/campaigns/{id}": (team) => ({ params: { id: team.spareCampaignId } }),
  "POST /api/campaigns/{id}/schedule": (team) => ({
    params: { id: team.draftCampaignId },
    body: { scheduledTime: inADay() },
  }),
  "POST /api/campaigns/{id}/unschedule": (team) => ({ params: { id: team.draftCampaignId } }),
  "GET /api/campaigns/{id}/recipients": (team) => ({ params: { id: team.sentCampaignId } }),
  "GET /api/campaigns/{id}/recipients.csv": (team) => ({ params: { id: team.sentCampaignId } }),
  "GET /api/campaigns/{id}/analytics": (team) => ({ params: { id: team.sentCampaignId } }),
  "GET /api/journeys": () => ({ query: { limit: "5" } }),
  "POST /api/journeys": () => ({ body: abandonedCartInput("Abandoned cart, by the API") }),
  "GET /api/journeys/{id}": (team) => ({ params: { id: team.journeyId } }),
  "PUT /api/journeys/{id}": (team) => ({
    params: { id: team.journeyId },
    body: { ...abandonedCartInput("Abandoned cart, edited"), reentry: { mode: "after_days", days: 30 } },
  }),
  "DELETE /api/journeys/{id}": (team) => ({ params: { id: team.spareJourneyId } }),
  // In this order: the draft goes live, then pauses, then stops.
  "POST /api/journeys/{id}/start": (team) => ({ params: { id: team.journeyId } }),
  "POST /api/journeys/{id}/pause": (team) => ({ params: { id: team.journeyId } }),
  "POST /api/journeys/{id}/stop": (team) => ({ params: { id: team.journeyId } }),
  "GET /api/journeys/{id}/analytics": (team) => ({ params: { id: team.journeyId } }),
  "GET /api/outbox": () => ({}),
  "GET /api/analytics": () => ({ query: { range: "7d", property: "plan", event: "Signed In" } }),
  "GET /api/write-keys": () => ({}),
  "POST /api/write-keys": () => ({ body: { name: "Website", kind: "client" } }),
  "DELETE /api/write-keys/{id}": (team) => ({ params: { id: team.spareWriteKeyId } }),
  "GET /api/audit-log": () => ({ query: { limit: "5" } }),
  "GET /api/audit-log.csv": () => ({ query: { action: "invitation.sent" } }),
  "GET /api/settings/frequency": () => ({}),
  "PUT /api/settings/frequency": () => ({
    body: {
      rules: [{ channel: "EMAIL", limit: 3, window: 7, unit: "days" }],
      quietHours: [{ channel: "SMS", from: "21:00", to: "09:00" }],
      timeZoneAttribute: "timezone",
    },
  }),
  "POST /v1/track": () => ({ body: { userId: "u1", event: "Signed In", properties: { plan: "pro" } } }),
  "POST /v1/identify": () => ({ body: { userId: "u1", traits: { email: "u1@murmur.test" } } }),
  "POST /v1/page": () => ({ body: { anonymousId: "a1", name: "Pricing" } }),
  "POST /v1/batch": () => ({
    body: {
      batch: [
        { type: "track", userId: "u1", event: "Upgraded" },
        { type: "page", anonymousId: "a2" },
      ],
    },
  }),
};

/** A call the operation must refuse with 403, and the start of the message it must answer. */
export type RefusedCall = Call & { message: string };

/** The operation's working call signed by the Viewer, refused for what the Viewer's role lacks. */
const byTheViewer =
  (key: string, what: string) =>
  (team: SeededTeam): RefusedCall => ({
    ...SUCCESSFUL_CALLS[key]!(team),
    token: team.viewerToken,
    message: `A Viewer cannot ${what}.`,
  });

/**
 * For each operation that documents a 403, a call the team's rules refuse and the
 * message the client reads: the Viewer may change nothing (segments, campaigns,
 * imports), may not see or manage API keys, members, invitations or the audit log;
 * accepting is refused for another address than the invited one.
 */
export const FORBIDDEN_CALLS: Record<string, (team: SeededTeam) => RefusedCall> = {
  "POST /api/contacts/import": byTheViewer("POST /api/contacts/import", "import contacts"),
  "POST /api/segments": byTheViewer("POST /api/segments", "change segments"),
  "POST /api/segments/ai": byTheViewer("POST /api/segments/ai", "change segments"),
  "PATCH /api/segments/{id}": byTheViewer("PATCH /api/segments/{id}", "change segments"),
  "DELETE /api/segments/{id}": byTheViewer("DELETE /api/segments/{id}", "change segments"),
  "POST /api/segments/{id}/contacts": byTheViewer("POST /api/segments/{id}/contacts", "change segments"),
  "POST /api/segments/{id}/erase-contacts": byTheViewer(
    "POST /api/segments/{id}/erase-contacts",
    "erase a segment's contacts",
  ),
  "POST /api/campaigns": byTheViewer("POST /api/campaigns", "change campaigns"),
  "PUT /api/campaigns/{id}": byTheViewer("PUT /api/campaigns/{id}", "change campaigns"),
  "DELETE /api/campaigns/{id}": byTheViewer("DELETE /api/campaigns/{id}", "change campaigns"),
  "POST /api/campaigns/{id}/schedule": byTheViewer("POST /api/campaigns/{id}/schedule", "schedule or send campaigns"),
  "POST /api/campaigns/{id}/unschedule": byTheViewer(
    "POST /api/campaigns/{id}/unschedule",
    "schedule or send campaigns",
  ),
  "POST /api/journeys": byTheViewer("POST /api/journeys", "change journeys"),
  "PUT /api/journeys/{id}": byTheViewer("PUT /api/journeys/{id}", "change journeys"),
  "DELETE /api/journeys/{id}": byTheViewer("DELETE /api/journeys/{id}", "change journeys"),
  "POST /api/journeys/{id}/start": byTheViewer("POST /api/journeys/{id}/start", "start, pause or stop journeys"),
  "POST /api/journeys/{id}/pause": byTheViewer("POST /api/journeys/{id}/pause", "start, pause or stop journeys"),
  "POST /api/journeys/{id}/stop": byTheViewer("POST /api/journeys/{id}/stop", "start, pause or stop journeys"),
  "GET /api/write-keys": byTheViewer("GET /api/write-keys", "see API keys"),
  "POST /api/write-keys": byTheViewer("POST /api/write-keys", "create or revoke API keys"),
  "DELETE /api/write-keys/{id}": byTheViewer("DELETE /api/write-keys/{id}", "create or revoke API keys"),
  "PATCH /api/members/{userId}": byTheViewer("PATCH /api/members/{userId}", "manage members and invitations"),
  "DELETE /api/members/{userId}": byTheViewer("DELETE /api/members/{userId}", "manage members and invitations"),
  "GET /api/invitations": byTheViewer("GET /api/invitations", "manage members and invitations"),
  "POST /api/invitations": byTheViewer("POST /api/invitations", "manage members and invitations"),
  "DELETE /api/invitations/{id}": byTheViewer("DELETE /api/invitations/{id}", "manage members and invitations"),
  "POST /api/invitations/{id}/resend": byTheViewer(
    "POST /api/invitations/{id}/resend",
    "manage members and invitations",
  ),
  "GET /api/audit-log": byTheViewer("GET /api/audit-log", "see the audit log"),
  "GET /api/audit-log.csv": byTheViewer("GET /api/audit-log.csv", "see the audit log"),
  "PUT /api/settings/frequency": byTheViewer("PUT /api/settings/frequency", "change frequency caps and quiet hours"),
  "DELETE /api/contacts": byTheViewer("DELETE /api/contacts", "change contacts"),
  "DELETE /api/contacts/{id}": byTheViewer("DELETE /api/contacts/{id}", "change contacts"),
  "GET /api/contacts/{id}/export": byTheViewer("GET /api/contacts/{id}/export", "change contacts"),
  "POST /api/invitations/accept": (team) => ({
    token: team.viewerToken,
    body: { token: team.unusedInvitationToken },
    message: "This invitation is for ",
  }),
};
