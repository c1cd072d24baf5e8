import type { CampaignType } from "#shared/campaigns/schemas.ts";

type SavedChannel = { enabled: boolean; config: Record<string, unknown> | null } | null | undefined;
type ChannelChange = {
  channel: CampaignType;
  enabled: boolean;
  config: object;
  /** The secrets as typed: a blank one keeps the saved value, so only those given count as changed. */
  secrets: Record<string, string | undefined>;
  removeSecrets?: readonly string[];
};

/**
 * The details of a "channel-settings.saved" entry: the channel and the names of the
 * fields that changed, secrets included by name only (replaced or removed). No value
 * of any field is kept, so a secret can never reach the log this way.
 */
export function channelChangeDetails(saved: SavedChannel, change: ChannelChange): Record<string, unknown> {
  const changed: string[] = [];
  if (saved?.enabled !== change.enabled) changed.push("enabled");
  const before = saved?.config ?? {};
  const after = change.config as Record<string, unknown>;
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null)) changed.push(name);
  }
  for (const [name, value] of Object.entries(change.secrets)) if (value) changed.push(name);
  for (const name of change.removeSecrets ?? []) if (!change.secrets[name]) changed.push(name);
  return { channel: change.channel, changedFields: changed };
}
