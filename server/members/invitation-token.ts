import { createHash, randomBytes } from "node:crypto";

/** An invitation link works for 7 days from when it was last sent. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new link token: 32 random bytes; only its SHA-256 is stored. */
export function newInvitationToken(): { token: string; tokenHash: Buffer } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/** The page an invitee opens: it signs them up or in, then joins them to the team. */
export function invitationUrl(baseUrl: string, token: string): string {
  return new URL(`/invitations/accept?${new URLSearchParams({ token })}`, baseUrl).href;
}
