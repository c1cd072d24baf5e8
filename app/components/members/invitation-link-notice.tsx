import { Link2 } from "lucide-react";

/**
 * The link just mailed to an invitee, to copy and pass on another way. Shown in the
 * answer to the invite only: the server keeps a hash, so this page cannot show it again.
 */
export function InvitationLinkNotice({ email, url }: { email: string; url: string }) {
  return (
    <section
      aria-labelledby="invitation-link-heading"
      className="mb-8 flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 md:p-6"
    >
      <h2 id="invitation-link-heading" className="flex items-center gap-2 font-semibold">
        <Link2 className="size-4" aria-hidden="true" />
        Invitation sent to {email}
      </h2>
      <p className="text-sm text-muted-foreground">
        We emailed this link. You can also copy it now: it will not be shown again, and it works once, for 7 days.
      </p>
      <input
        readOnly
        value={url}
        aria-label="Invitation link"
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border bg-background px-3 py-2 font-mono text-sm"
      />
    </section>
  );
}
