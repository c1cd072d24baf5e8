/**
 * The Message-ID of a campaign's email to a contact: always the same for the pair,
 * so a receiver can recognise a copy, and a provider's report names the delivery. A
 * journey's step sends once per run, and a contact who goes through the journey again
 * gets a new message, not a copy a mailbox would fold into the first: its id names the run.
 */
export function messageIdFor(options: {
  campaignId: string;
  contactId: string;
  journeyRunId?: string | null;
  domain: string;
}): string {
  const run = options.journeyRunId ? `.${options.journeyRunId}` : "";
  return `<${options.campaignId}.${options.contactId}${run}@${options.domain}>`;
}

/** The domain part of Message-IDs: the public host when APP_URL is set. */
export function messageIdDomain(appUrl = process.env.APP_URL): string {
  if (appUrl) {
    try {
      return new URL(appUrl).hostname;
    } catch {
      // an invalid APP_URL is reported at start-up; fall through
    }
  }
  return "murmur.localhost";
}
