// bench/tracking: what tracking adds to sending and to reading links, in CPU time.
// instrumentEmail over one campaign's recipients (a ~15 KB newsletter with 24 links,
// personalised per recipient, so every message differs in one link), and checking
// the click tokens those messages carry, as /t/c does for each click.
// Prints JSON: messages per second and microseconds per message for both.
// Usage: node bench/tracking.ts [--scale 0.1]   (--scale 1 = 100,000 recipients)
import { randomBytes, randomUUID } from "node:crypto";
import { instrumentEmail } from "#server/tracking/instrument-email.ts";
import { readClickToken } from "#server/tracking/tokens.ts";

const at = process.argv.indexOf("--scale");
const SCALE = at > 0 ? Number(process.argv[at + 1]) : 1;
const RECIPIENTS = Math.max(100, Math.round(100_000 * SCALE));

function newsletter(): { html: string; text: string } {
  const sections = Array.from({ length: 24 }, (_, i) => {
    const href =
      i === 0
        ? "https://shop.example.com/offer?ref=REF&amp;utm_source=murmur"
        : `https://blog.example.com/posts/${i}?utm_source=murmur&amp;utm_medium=email`;
    return `<tr><td style="padding:16px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:22px;color:#111827">
<h2 style="margin:0 0 8px">Story ${i}</h2><p style="margin:0 0 12px">${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(6)}</p>
<a href="${href}" style="color:#2563eb">Read more</a></td></tr>`;
  });
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>News</title></head><body><table width="100%">${sections.join("\n")}</table></body></html>`;
  const text = sections
    .map(
      (_, i) =>
        `Story ${i}\n${"Lorem ipsum dolor sit amet. ".repeat(6)}\nhttps://blog.example.com/posts/${i}?utm_source=murmur`,
    )
    .join("\n\n");
  return { html, text };
}

const key = randomBytes(32);
const teamId = randomUUID();
const { html, text } = newsletter();
const recipients = Array.from({ length: RECIPIENTS }, () => ({
  deliveryId: randomUUID(),
  contactId: randomUUID(),
  ref: randomBytes(6).toString("hex"),
}));

const clickTokens: string[] = [];
let bytes = 0;
const started = process.hrtime.bigint();
for (const r of recipients) {
  const message = instrumentEmail({
    html: html.replace("ref=REF", `ref=${r.ref}`),
    text,
    deliveryId: r.deliveryId,
    teamId,
    contactId: r.contactId,
    key,
    baseUrl: "https://murmur.example.com",
    postalAddress: "Acme Ltd, 1 Market Street, Leeds LS1 1AA",
  });
  bytes += message.html.length + message.text.length;
  const first = /\/t\/c\/([A-Za-z0-9_-]+)/.exec(message.html);
  if (first) clickTokens.push(first[1]!);
}
const instrumentMs = Number(process.hrtime.bigint() - started) / 1e6;

const checkStarted = process.hrtime.bigint();
let valid = 0;
for (const token of clickTokens) if (readClickToken(key, token)) valid += 1;
const checkMs = Number(process.hrtime.bigint() - checkStarted) / 1e6;
if (valid !== RECIPIENTS) throw new Error(`Only ${valid} of ${RECIPIENTS} click tokens were valid`);

console.log(
  JSON.stringify(
    {
      bench: "tracking",
      scale: SCALE,
      recipients: RECIPIENTS,
      htmlBytes: html.length,
      linksPerMessage: 24,
      instrumentEmail: {
        totalMs: Math.round(instrumentMs),
        messagesPerSecond: Math.round(RECIPIENTS / (instrumentMs / 1000)),
        microsecondsPerMessage: Number(((instrumentMs * 1000) / RECIPIENTS).toFixed(1)),
        averageOutputBytes: Math.round(bytes / RECIPIENTS),
      },
      readClickToken: {
        totalMs: Math.round(checkMs),
        tokensPerSecond: Math.round(valid / (checkMs / 1000)),
      },
    },
    null,
    2,
  ),
);
