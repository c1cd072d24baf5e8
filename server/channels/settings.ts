import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import type { CampaignType } from "#shared/campaigns/schemas.ts";
import { AppError, type FieldErrors } from "#server/errors.ts";
import { open, seal, UnreadableSecretError } from "#server/secrets/secret-box.ts";
import { getSecretKey } from "#server/secrets/secret-key.ts";
import { notifyUnreadableSecrets } from "#server/notifications/channel-trouble.ts";
import { refuseProvidersForDemoTeam } from "#server/teams/demo-team.ts";
import {
  type ChannelConfig,
  type ChannelSecrets,
  REQUIRED_SECRETS,
  SECRET_LABELS,
  SECRET_NAMES,
  type SecretName,
} from "#shared/channels/settings-schemas.ts";
import { can, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { channelChangeDetails } from "#server/audit/channel-change.ts";

/** A team's provider for one channel, secrets decrypted: only for sending, never for pages. */
export type ChannelSettings<C extends CampaignType> = {
  channel: C;
  enabled: boolean;
  config: ChannelConfig[C];
  secrets: ChannelSecrets[C];
  updatedAt: Date;
};

/** What Settings → Channels shows: the plain settings and each secret masked to its last 4 characters. */
export type ChannelSettingsView<C extends CampaignType> = {
  channel: C;
  enabled: boolean;
  config: ChannelConfig[C] | null;
  secrets: Record<SecretName<C>, string | null>;
  /** The caller's role may not see secrets (a Viewer): `secrets` are all null, saved or not. */
  secretsHidden: boolean;
  /** The saved secrets were sealed with another key (MURMUR_SECRET_KEY changed): they must be entered again. */
  unreadable: boolean;
  updatedAt: Date | null;
};

// The team and channel are bound into the ciphertext, so sealed secrets copied into
// another team's row do not open there.
const secretContext = (teamId: string, channel: CampaignType) => `channel_settings/${teamId}/${channel}`;

async function readRow(db: Database, teamId: string, channel: CampaignType, forUpdate = false) {
  let query = db
    .selectFrom("channelSettings")
    .select(["enabled", "config", "secretsEncrypted", "updatedAt"])
    .where("teamId", "=", teamId)
    .where("channel", "=", channel);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

async function openSecrets<C extends CampaignType>(
  teamId: string,
  channel: C,
  sealed: string | null,
): Promise<ChannelSecrets[C]> {
  if (!sealed) return {} as ChannelSecrets[C];
  const key = await getSecretKey();
  return JSON.parse(open(key, sealed, secretContext(teamId, channel))) as ChannelSecrets[C];
}

/**
 * The team's saved provider for `channel` with its secrets, or null when none is
 * saved. Throws UnreadableSecretError when the secrets were sealed with another key,
 * and tells the team so (at most hourly), since nothing goes out until someone acts.
 */
export async function readChannelSettings<C extends CampaignType>(
  db: Database,
  options: { teamId: string; channel: C },
): Promise<ChannelSettings<C> | null> {
  const row = await readRow(db, options.teamId, options.channel);
  if (!row) return null;
  return {
    channel: options.channel,
    enabled: row.enabled,
    config: row.config as ChannelConfig[C],
    secrets: await openSecrets(options.teamId, options.channel, row.secretsEncrypted).catch(async (error: unknown) => {
      if (error instanceof UnreadableSecretError) await notifyUnreadableSecrets(db, options);
      throw error;
    }),
    updatedAt: row.updatedAt,
  };
}

/** "••••" and the last 4 characters; short secrets show nothing of themselves. */
export function maskSecret(value: string): string {
  return value.length >= 12 ? `••••${value.slice(-4)}` : "••••";
}

/**
 * A team's provider for `channel` as Settings → Channels shows it: plain settings, and
 * secrets masked to their last characters, or all null for a role that may not read
 * channel secrets (a Viewer). Never throws for the role: everyone may see the providers.
 */
export async function viewChannelSettings<C extends CampaignType>(
  db: Database,
  options: { access: TeamAccess; channel: C },
): Promise<ChannelSettingsView<C>> {
  const { teamId } = options.access;
  // Even masked, a secret's last characters are the provider's secret: only roles that read channels see them.
  const secretsHidden = !can(options.access.role, "channels.read");
  const names = SECRET_NAMES[options.channel] as readonly string[] as readonly SecretName<C>[];
  const masked = Object.fromEntries(names.map((name) => [name, null])) as Record<SecretName<C>, string | null>;
  const row = await readRow(db, teamId, options.channel);
  if (!row)
    return {
      channel: options.channel,
      enabled: false,
      config: null,
      secrets: masked,
      secretsHidden,
      unreadable: false,
      updatedAt: null,
    };
  let unreadable = false;
  if (!secretsHidden) {
    try {
      const secrets = (await openSecrets(teamId, options.channel, row.secretsEncrypted)) as Record<
        string,
        string | undefined
      >;
      for (const name of names) masked[name] = secrets[name] ? maskSecret(secrets[name]) : null;
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error;
      unreadable = true;
    }
  }
  return {
    channel: options.channel,
    enabled: row.enabled,
    config: row.config as ChannelConfig[C],
    secrets: masked,
    secretsHidden,
    unreadable,
    updatedAt: row.updatedAt,
  };
}

export type ChannelSettingsChange<C extends CampaignType> = {
  teamId: string;
  /** Who saves, for the audit log (which keeps the changed fields' names, never values). */
  access?: TeamAccess;
  channel: C;
  enabled: boolean;
  config: ChannelConfig[C];
  /** New values; a secret left out keeps its saved value. */
  secrets: ChannelSecrets[C];
  /** Secrets to forget (the SMTP password of a server that needs none). */
  removeSecrets?: SecretName<C>[];
};

/**
 * Saves a team's provider settings for one channel. Secrets given replace the saved
 * ones, the others are kept; a secret the provider cannot work without must be
 * saved or given, else the save is refused naming the field. Secrets that no longer
 * decrypt (the key changed) are dropped and must be entered again. A demo team's
 * channels stay on the outbox: saving is INVALID for it.
 */
export async function saveChannelSettings<C extends CampaignType>(
  db: Database,
  change: ChannelSettingsChange<C>,
): Promise<void> {
  await refuseProvidersForDemoTeam(db, change.teamId);
  const key = await getSecretKey();
  await db.transaction().execute(async (trx) => {
    const row = await readRow(trx, change.teamId, change.channel, true);
    let saved: Record<string, string | undefined> = {};
    try {
      saved = await openSecrets(change.teamId, change.channel, row?.secretsEncrypted ?? null);
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error;
    }
    const merged: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...saved, ...definedEntries(change.secrets) })) {
      if (value && !change.removeSecrets?.includes(name as SecretName<C>)) merged[name] = value;
    }
    const missing: FieldErrors = {};
    for (const name of REQUIRED_SECRETS[change.channel]) {
      if (!merged[name]) missing[name] = [`${SECRET_LABELS[name]} is required`];
    }
    if (Object.keys(missing).length) throw new AppError("INVALID", "Enter the missing secrets.", { fields: missing });

    const secretsEncrypted = Object.keys(merged).length
      ? seal(key, JSON.stringify(merged), secretContext(change.teamId, change.channel))
      : null;
    const values = { enabled: change.enabled, config: JSON.stringify(change.config), secretsEncrypted };
    await trx
      .insertInto("channelSettings")
      .values({ teamId: change.teamId, channel: change.channel, ...values })
      .onConflict((oc) => oc.columns(["teamId", "channel"]).doUpdateSet({ ...values, updatedAt: sql`now()` }))
      .execute();
    if (change.access) {
      const before = row ? { enabled: row.enabled, config: row.config as Record<string, unknown> | null } : null;
      await recordAudit(trx, {
        access: change.access,
        action: "channel-settings.saved",
        target: { kind: "channel", id: change.channel, label: change.channel },
        details: channelChangeDetails(before, change),
      });
    }
  });
}

function definedEntries(secrets: object): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).filter(([, value]) => typeof value === "string" && value !== ""));
}
