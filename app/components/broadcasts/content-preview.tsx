import { Link } from "react-router";
import type { CampaignPreview } from "#server/content/preview.ts";
import { describeSmsCount } from "#shared/content/sms-segments.ts";

export type PreviewData = CampaignPreview;

// The HTML arrives sanitised; the frame is sandboxed as well (no scripts, no same origin),
// and keeps the email's own styles from reaching the app around it.
function emailDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;margin:12px;color:#111;background:#fff}img{max-width:100%}</style></head><body>${html}</body></html>`;
}

/** The message as one real contact of the team would get it. */
export function ContentPreview({ preview }: { preview: PreviewData }) {
  const { contact, message } = preview;
  return (
    <section
      aria-labelledby="campaign-preview-heading"
      className="flex flex-col gap-3 rounded-md border bg-muted/30 p-4"
    >
      <div className="flex flex-col gap-1">
        <h3 id="campaign-preview-heading" className="text-sm font-semibold">
          Preview
        </h3>
        <p className="text-xs text-muted-foreground">
          {contact
            ? `As ${[contact.name, contact.email].filter(Boolean).join(", ")} would get it.`
            : "Your team has no contacts yet, so every personalised field shows its default."}
        </p>
      </div>
      {message.channel === "EMAIL" ? (
        <>
          <p className="text-sm">
            <span className="text-muted-foreground">Subject: </span>
            <span className="font-medium">{message.subject || "(no subject)"}</span>
          </p>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={emailDocument(message.html)}
            className="h-72 w-full rounded border bg-white"
          />
          {message.postalAddress ? (
            <p className="text-xs text-muted-foreground">
              When sent, the footer adds your postal address ({message.postalAddress.replace(/\s*\n\s*/g, ", ")}) and an
              unsubscribe link.
            </p>
          ) : (
            <p className="text-xs text-destructive">
              Your team has no postal address yet. Marketing email must carry one: add it in{" "}
              <Link to="/dashboard/settings" className="underline underline-offset-4">
                Settings
              </Link>
              .
            </p>
          )}
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">Plain-text version</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words font-sans">{message.text}</pre>
          </details>
        </>
      ) : message.channel === "SMS" ? (
        <>
          <p className="whitespace-pre-wrap break-words rounded-md bg-background p-3 text-sm" data-testid="sms-preview">
            {message.body}
          </p>
          <p className="text-xs text-muted-foreground">This message: {describeSmsCount(message.count)}</p>
        </>
      ) : (
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Template</dt>
            <dd className="font-medium">
              {message.template || "(none)"} · {message.language || "(no language)"}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Body parameters</dt>
            <dd>
              {message.bodyParameters.length === 0 ? (
                "(none)"
              ) : (
                <ol className="list-inside list-decimal">
                  {message.bodyParameters.map((parameter, index) => (
                    <li key={index}>
                      {`{{${index + 1}}}`} {parameter}
                    </li>
                  ))}
                </ol>
              )}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
