import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { AppError } from "#server/errors.ts";
import { requireId } from "#server/http/params.ts";
import { UnreadableSecretError } from "#server/secrets/secret-box.ts";
import { recordWebhookSignatureFailure } from "#server/notifications/channel-trouble.ts";
import { type ChannelSettings, readChannelSettings } from "#server/channels/settings.ts";

const MAX_BODY_BYTES = 256 * 1024;

/**
 * The saved provider settings of the team a webhook URL names. A malformed id, an
 * unknown team or a team without settings for the channel is a 404; settings whose
 * secrets no longer decrypt cannot check any signature, so they refuse with a 403.
 */
export async function webhookSettings<C extends CampaignType>(
  db: Database,
  teamId: string | undefined,
  channel: C,
): Promise<ChannelSettings<C>> {
  const id = requireId(teamId, "Not found.");
  let settings: ChannelSettings<C> | null;
  try {
    settings = await readChannelSettings(db, { teamId: id, channel });
  } catch (error) {
    if (error instanceof UnreadableSecretError) throw new AppError("FORBIDDEN", "The signature cannot be checked.");
    throw error;
  }
  if (!settings) throw new AppError("NOT_FOUND", "Not found.");
  return settings;
}

/**
 * The answer to a request whose signature does not match the team's saved secret,
 * counted so that a team whose signatures keep failing is told (see
 * recordWebhookSignatureFailure); throw what it returns.
 */
export async function signatureRefused(
  db: Database,
  teamId: string,
  provider: string,
  message: string,
): Promise<AppError> {
  await recordWebhookSignatureFailure(db, { teamId, provider });
  return new AppError("FORBIDDEN", message);
}

/** The raw body, which signatures are computed over; refused past 256 KB. */
export async function readRawBody(request: Request): Promise<Buffer> {
  const body = Buffer.from(await request.arrayBuffer());
  if (body.length > MAX_BODY_BYTES) throw new AppError("TOO_LARGE", "The webhook body is too large.");
  return body;
}

/** Webhook answers are plain text: providers log them, nobody reads JSON here. */
export function webhookError(error: unknown): Response {
  if (error instanceof AppError)
    return new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  throw error;
}
