/**
 * Every action the audit log records, in the words its page shows. One list: the
 * action filter offers these, the API accepts these, and `recordAudit` takes only
 * these, so an entry can never carry an action the page cannot name.
 */
export const AUDIT_ACTION_LABELS = {
  "sign-in": "Signed in",
  "sign-in.failed": "Failed sign-in",
  "invitation.sent": "Invitation sent",
  "invitation.accepted": "Invitation accepted",
  "invitation.revoked": "Invitation revoked",
  "member.role-changed": "Role changed",
  "member.removed": "Member removed",
  "campaign.created": "Campaign created",
  "campaign.edited": "Campaign edited",
  "campaign.scheduled": "Campaign scheduled",
  "campaign.unscheduled": "Campaign unscheduled",
  "campaign.sent": "Campaign sent",
  "campaign.deleted": "Campaign deleted",
  "journey.created": "Journey created",
  "journey.edited": "Journey edited",
  "journey.started": "Journey started",
  "journey.published": "Journey changes published",
  "journey.paused": "Journey paused",
  "journey.stopped": "Journey stopped",
  "journey.deleted": "Journey deleted",
  "segment.created": "Segment created",
  "segment.edited": "Segment edited",
  "segment.deleted": "Segment deleted",
  "segment.contacts-erased": "Segment's contacts erased",
  "contact.erased": "Contact erased",
  "import.started": "Import started",
  "import.finished": "Import finished",
  "write-key.created": "Write key created",
  "write-key.revoked": "Write key revoked",
  "api-key.created": "API key created",
  "api-key.revoked": "API key revoked",
  "channel-settings.saved": "Channel settings saved",
  "team-settings.saved": "Team settings saved",
  "frequency-settings.saved": "Frequency caps and quiet hours saved",
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** What an entry is about, so it can name it (and link to it while it exists). */
export const AUDIT_TARGET_KINDS = [
  "user",
  "team",
  "member",
  "invitation",
  "campaign",
  "journey",
  "segment",
  "import",
  "write-key",
  "api-key",
  "channel",
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/** The page's words for an action; an action recorded by a later version reads as itself. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}
