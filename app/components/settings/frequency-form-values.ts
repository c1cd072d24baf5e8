import { type FrequencySettings, MAX_CAP_RULES } from "#shared/frequency/schemas.ts";

/** The form's values: every field a string, as a plain HTML form posts it. */
export type FrequencyFormValues = {
  rules: { channel: string; limit: string; window: string; unit: string }[];
  quietHours: { channel: string; from: string; to: string }[];
  timeZoneAttribute: string;
  overCap: string;
};

const CHANNELS = ["EMAIL", "SMS", "WHATSAPP"] as const;
/** Empty rows offered after the saved rules, so a rule can be added without JavaScript. */
const BLANK_RULES = 2;

/** The saved settings as the form shows them: the rules plus blank rows, and one quiet-hours row per channel. */
export function frequencyFormValues(settings: FrequencySettings): FrequencyFormValues {
  const rules = settings.rules.map((rule) => ({
    channel: rule.channel,
    limit: String(rule.limit),
    window: String(rule.window),
    unit: rule.unit,
  }));
  while (rules.length < Math.min(MAX_CAP_RULES, settings.rules.length + BLANK_RULES))
    rules.push({ channel: "EMAIL", limit: "", window: "", unit: "days" });
  return {
    rules,
    quietHours: CHANNELS.map((channel) => {
      const quiet = settings.quietHours.find((q) => q.channel === channel);
      return { channel, from: quiet?.from ?? "", to: quiet?.to ?? "" };
    }),
    timeZoneAttribute: settings.timeZoneAttribute ?? "",
    overCap: settings.overCap,
  };
}
