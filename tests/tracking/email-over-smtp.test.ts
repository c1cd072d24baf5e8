import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as click } from "#app/routes/tracking/click.tsx";
import { loader as pixel } from "#app/routes/tracking/open.ts";
import {
  action as unsubscribe,
  loader as unsubscribePage,
  middleware as unsubscribeMiddleware,
} from "#app/routes/unsubscribe.tsx";
import { getDb } from "#db/database.ts";
import { prepareCampaignRenderer } from "#server/content/render.ts";
import { campaignAnalytics } from "#server/tracking/analytics.ts";
import { instrumentEmail } from "#server/tracking/instrument-email.ts";
import { getTrackingKey } from "#server/tracking/key.ts";
import { createUser } from "../factories.ts";
import { startSmtpSink } from "../fakes/smtp-sink.ts";
import { ORIGIN } from "../requests.ts";
import { sinkSender } from "../delivery/fixtures.ts";
import { createSentCampaign } from "./fixtures.ts";
import { respond, routeArgs } from "../serve-route.ts";

// The whole way a marketing email travels: the campaign rendered for each contact,
// instrumented, sent over SMTP to a real server, parsed there with mailparser, and
// then its links, pixel and unsubscribe URL used as a mail client would use them.

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const POSTAL = "Acme Ltd\n1 Market Street\nLeeds LS1 1AA";
const CONTENT = [
  "<html><body>",
  "<p>Hello {{ contact.name }},</p>",
  '<p><a href="https://acme.test/offer?who={{ contact.attributes.code }}&amp;lang=en">Your offer</a></p>',
  '<p><a href="https://acme.test/shop">The shop</a> · <a href="mailto:help@acme.test">Write to us</a></p>',
  "</body></html>",
].join("");

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

async function sendCampaign() {
  const db = getDb();
  const { teamId } = await createUser();
  await db.updateTable("teams").set({ postalAddress: POSTAL }).where("id", "=", teamId).execute();
  const { campaignId, recipients } = await createSentCampaign(teamId, { recipients: 2 });
  await db
    .updateTable("campaigns")
    .set({ subject: "An offer for {{ contact.name }}", content: CONTENT, contentFormat: "HTML" })
    .where("id", "=", campaignId)
    .execute();
  for (const [i, r] of recipients.entries()) {
    await db
      .updateTable("contacts")
      .set({ name: `Reader ${i}`, attributes: JSON.stringify({ code: `C${i}` }) })
      .where("id", "=", r.contactId)
      .execute();
  }

  const campaign = await db.selectFrom("campaigns").selectAll().where("id", "=", campaignId).executeTakeFirstOrThrow();
  const render = prepareCampaignRenderer(campaign);
  const key = await getTrackingKey(db);
  const sender = sinkSender(sink, { fromName: "Acme", fromAddress: "news@acme.test" });
  for (const r of recipients) {
    const contact = await db
      .selectFrom("contacts")
      .select(["id", "email", "name", "phone", "attributes"])
      .where("id", "=", r.contactId)
      .executeTakeFirstOrThrow();
    const message = render(contact);
    if (message.channel !== "EMAIL") throw new Error("expected an email");
    const tracked = instrumentEmail({
      html: message.html,
      text: message.text,
      deliveryId: r.deliveryId,
      teamId,
      contactId: r.contactId,
      key,
      baseUrl: ORIGIN,
      postalAddress: POSTAL,
    });
    const outcome = await sender.send({
      teamId,
      campaignId,
      contactId: r.contactId,
      deliveryId: r.deliveryId,
      messageId: `${r.deliveryId}@murmur.test`,
      to: r.address,
      content: {
        ...message,
        html: tracked.html,
        text: tracked.text,
        headers: { ...message.headers, ...tracked.headers },
      },
    });
    expect(outcome.status).toBe("sent");
  }
  await sender.close();
  const mails = recipients.map((r) => sink.received.find((m) => m.to.includes(r.address))!.mail);
  return { teamId, campaignId, recipients, mails };
}

const hrefs = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\r?\n\s+/g, " ");
const tokenOf = (url: string, route: string) => new URL(url).pathname.slice(route.length);

async function follow(url: string, method = "GET") {
  const token = tokenOf(url, "/t/c/");
  const request = new Request(url, { method, headers: { "User-Agent": BROWSER } });
  return respond(() => click(routeArgs(request, { params: { token } })));
}

async function fetchPixel(url: string) {
  const token = tokenOf(url, "/t/o/");
  return respond(() =>
    pixel(routeArgs(new Request(url, { headers: { "User-Agent": BROWSER } }), { params: { token } })),
  );
}

function unsubscribeRequest(url: string, init: RequestInit = {}) {
  const token = tokenOf(url, "/u/");
  const args = routeArgs(new Request(url, init), { params: { token } });
  const handler = init.method === "POST" ? unsubscribe : unsubscribePage;
  return respond(() => unsubscribeMiddleware[0]!(args as never, () => respond(() => handler(args as never))));
}

const analyticsOf = async (teamId: string, campaignId: string) =>
  (await campaignAnalytics(getDb(), { teamId, campaignIds: [campaignId] })).get(campaignId)!;

describe("a marketing email sent over SMTP", () => {
  test("arrives personalised, with every web link tracked, the postal address, an unsubscribe link and RFC 8058 headers", async () => {
    const { mails } = await sendCampaign();
    const mail = mails[0]!;
    expect(mail.subject).toBe("An offer for Reader 0");
    expect(mail.html).toContain("Hello Reader 0,");

    const listUnsubscribe = header(mail, "list-unsubscribe")!;
    expect(listUnsubscribe).toMatch(new RegExp(`^<${ORIGIN}/u/[A-Za-z0-9_-]+>$`));
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    const links = hrefs(mail);
    // The two web links now go through Murmur; mailto: stays as written; one unsubscribe link is added.
    expect(links.filter((l) => l.startsWith(`${ORIGIN}/t/c/`))).toHaveLength(2);
    expect(links).toContain("mailto:help@acme.test");
    expect(links.filter((l) => l.startsWith(`${ORIGIN}/u/`))).toEqual([listUnsubscribe.slice(1, -1)]);
    expect(String(mail.html)).not.toContain("https://acme.test/");
    expect(String(mail.html)).toMatch(new RegExp(`<img src="${ORIGIN}/t/o/[A-Za-z0-9_-]+\\.gif"`));
    expect(String(mail.html)).toContain("Acme Ltd<br />1 Market Street<br />Leeds LS1 1AA");

    // The plain-text part has the same tracked links, the address and the unsubscribe URL.
    expect(mail.text).toContain("Hello Reader 0,");
    expect(mail.text).not.toContain("https://acme.test/");
    expect(mail.text).toContain(POSTAL);
    expect(mail.text).toContain(`Unsubscribe: ${listUnsubscribe.slice(1, -1)}`);
  });

  test("its links lead where the author pointed, personalised; a link with an altered token goes nowhere", async () => {
    const { teamId, campaignId, mails } = await sendCampaign();
    const [first, second] = mails.map((m) => hrefs(m).filter((l) => l.includes("/t/c/")));

    const offer = await follow(first![0]!);
    expect(offer.status).toBe(302);
    expect(offer.headers.get("Location")).toBe("https://acme.test/offer?who=C0&lang=en");
    expect((await follow(second![0]!)).headers.get("Location")).toBe("https://acme.test/offer?who=C1&lang=en");
    expect((await follow(first![1]!)).headers.get("Location")).toBe("https://acme.test/shop");

    // A token whose signed part was altered (here: its last characters) goes nowhere.
    const forged = first![0]!.slice(0, -4) + (first![0]!.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect((await follow(forged)).status).toBe(404);

    // Both readers clicked: a click is an open too.
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ sent: 2, opened: 2, clicked: 2 });
  });

  test("its pixel counts the reader's open once, and its one-click unsubscribe works from the header alone", async () => {
    const { teamId, campaignId, recipients, mails } = await sendCampaign();
    const pixelUrl = /<img src="([^"]+)"/.exec(String(mails[0]!.html))![1]!;
    expect((await fetchPixel(pixelUrl)).headers.get("Content-Type")).toBe("image/gif");
    await fetchPixel(pixelUrl);
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ opened: 1, clicked: 0, unsubscribed: 0 });

    // What Gmail or Apple Mail POST to the List-Unsubscribe URL when the reader presses their button.
    const url = header(mails[1]!, "list-unsubscribe")!.slice(1, -1);
    const oneClick = await unsubscribeRequest(url, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(oneClick.status).toBe(200);
    const status = await getDb()
      .selectFrom("contacts")
      .select("emailStatus")
      .where("id", "=", recipients[1]!.contactId)
      .executeTakeFirstOrThrow();
    expect(status.emailStatus).toBe("unsubscribed");
    expect(await (await unsubscribeRequest(url)).json()).toMatchObject({ state: "done" });
    expect(await analyticsOf(teamId, campaignId)).toMatchObject({ opened: 1, unsubscribed: 1 });
  });
});
