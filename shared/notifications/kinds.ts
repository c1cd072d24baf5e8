/**
 * What a person can be told about, each a kind they may turn off in Preferences.
 * Stored by these names in notifications.kind and notification_preferences.muted_kinds.
 */
export const NOTIFICATION_KINDS = [
  "campaign-sent",
  "campaign-started",
  "import-done",
  "delivery-trouble",
  "secrets-unreadable",
  "invitation-accepted",
  "segment-erasure-done",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How Preferences names each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  "campaign-sent": "A campaign finished sending",
  "campaign-started": "A scheduled campaign started",
  "import-done": "An import finished or failed",
  "delivery-trouble": "A provider rejected messages in bulk, or webhook signatures keep failing",
  "secrets-unreadable": "Saved channel secrets can no longer be read",
  "invitation-accepted": "Someone accepted an invitation to the team",
  "segment-erasure-done": "A segment's contacts were erased",
};
