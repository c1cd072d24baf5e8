import { randomUUID } from "node:crypto";
import type { SeededTeam } from "./seeded-team.ts";

/** How the conformance test calls one operation: path parameters, query and body, for a seeded team. */
export type Call = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

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
  "GET /api/contacts": () => ({ query: { limit: "3" } }),
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
  "GET /api/outbox": () => ({}),
  "GET /api/analytics": () => ({ query: { range: "7d" } }),
  "GET /api/write-keys": () => ({}),
  "POST /api/write-keys": () => ({ body: { name: "Website", kind: "client" } }),
  "DELETE /api/write-keys/{id}": (team) => ({ params: { id: team.spareWriteKeyId } }),
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
