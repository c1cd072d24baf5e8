import type { Database } from "#db/database.ts";
import { saveChannelSettings } from "./settings.ts";
import { smtpChange, twilioChange, whatsAppChange } from "./settings-input.ts";
import type { ProviderSettingsForm } from "#shared/channels/settings-schemas.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

/**
 * Saves what a team entered in Settings → Channels for one provider, as
 * ProviderSettingsFormSchema parsed it: the plain settings with their defaults and
 * the secrets typed, blank ones keeping the saved values (saveChannelSettings). A
 * secret the provider needs that is neither saved nor given is INVALID, naming the field.
 */
export async function saveProviderSettings(
  db: Database,
  options: { access: TeamAccess; form: ProviderSettingsForm },
): Promise<void> {
  authorize(options.access, "channels.manage");
  const { form } = options;
  const { access } = options;
  const { teamId } = access;
  switch (form.channel) {
    case "EMAIL":
      return saveChannelSettings(db, { teamId, access, channel: form.channel, ...smtpChange(form) });
    case "SMS":
      return saveChannelSettings(db, { teamId, access, channel: form.channel, ...twilioChange(form) });
    case "WHATSAPP":
      return saveChannelSettings(db, { teamId, access, channel: form.channel, ...whatsAppChange(form) });
  }
}
