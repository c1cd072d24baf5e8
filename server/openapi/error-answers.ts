import type { ApiErrorStatus } from "#shared/api/operation.ts";

/** What each error status means across the API; the body always carries a `message` for people. */
export const ERROR_DESCRIPTIONS: Record<ApiErrorStatus, string> = {
  400: "Invalid input: `message` names the problem, and `fields` the message for each field at fault.",
  401: "Missing, invalid, expired or revoked credentials.",
  403: 'Signed in but not allowed: `message` says why ("A Viewer cannot manage members and invitations.").',
  404: "No such resource in this team (another team's resource is a 404 too).",
  409: "The resource's state does not allow this (a campaign already sending, a name taken, ...).",
  413: "The request body is larger than this operation accepts.",
  429: "Too many requests: the Retry-After header says how many seconds to wait.",
};
