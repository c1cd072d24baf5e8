import { newId } from "#db/ids.ts";
import { createUser } from "../factories.ts";
import {
  emptyHistory,
  eventRecorder,
  random,
  type SeedDelivery,
  type SeedHit,
  startSeed,
  storeSeed,
} from "./corpus-store.ts";

/*
 * A team with the data a marketer would describe: 60 contacts with plans,
 * countries, MRR, roles; their events (orders with totals and categories,
 * sign-ups, page views, feature use, logins, cancellations); two sent campaigns
 * and a draft, with opens and clicks of their emails (and machine opens and
 * clicks, which count for nobody); two static segments. Generated from a fixed seed, and kept here
 * in plain objects so each corpus prompt's expected members are computed from
 * the same facts the database holds, by a few lines of ordinary code.
 */

const DAY = 86_400_000;

export type SeedEvent = { name: string; at: Date; properties: Record<string, unknown> };
export type SeedContact = {
  id: string;
  name: string | null;
  email: string;
  phone: string | null;
  createdAt: Date;
  attributes: Record<string, unknown>;
  emailStatus: string;
  smsStatus: string;
  whatsappStatus: string;
  events: SeedEvent[];
  /** Campaign names this contact was sent (delivery status 'sent'), with when and on which channel. */
  received: { campaign: string; at: Date; channel?: Channel }[];
  /** Tracked hits on the campaigns' emails; bot_ kinds are mail scanners, not people. */
  engagement: { campaign: string; kind: EngagementKind; at: Date }[];
  segments: string[];
};

export type EngagementKind = "open" | "click" | "bot_open" | "bot_click";
export type Channel = "email" | "sms" | "whatsapp";
export type SeedCampaign = { id: string; name: string; sentAt: Date | null; channel: Channel };

export type Seed = {
  teamId: string;
  /** The team's one user, to sign in as. */
  userId: string;
  now: Date;
  contacts: SeedContact[];
  campaigns: SeedCampaign[];
  segments: { id: string; name: string }[];
};

const FIRST = [
  "Ada",
  "Ben",
  "Cleo",
  "Dan",
  "Eve",
  "Finn",
  "Gus",
  "Hana",
  "Ivan",
  "Jade",
  "Kofi",
  "Lena",
  "Milo",
  "Nia",
  "Omar",
  "Pia",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
];
const LAST = ["Archer", "Baker", "Cole", "Diaz", "Evans", "Fox", "Grant", "Hale", "Ito", "Jones"];
const COUNTRIES = ["UK", "France", "Germany", "United States", "Spain"];
const CATEGORIES = ["shoes", "books", "electronics"];
const PATHS = ["/pricing", "/features", "/blog"];
const FEATURES = ["export", "reports", "api"];

/**
 * Seeds one team. With `signUpEvents: false` the same contacts arrive without
 * any "Signed Up" event, as a team that only imports would: "signed up" must
 * then be read as the contact's created date.
 */
export async function seedCorpusTeam(options: { signUpEvents?: boolean; now?: Date } = {}): Promise<Seed> {
  const { teamId, userId } = await createUser();
  const { now, ago, next, pick, tag } = startSeed(20261122, options.now);

  const contacts: SeedContact[] = [];
  for (let i = 0; i < 60; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / 6) % LAST.length]!;
    const domain = i % 4 === 0 ? "gmail.com" : i % 7 === 0 ? "acme.io" : `company${i}-${tag}.com`;
    const plan = pick(["free", "free", "pro", "pro", "team", "enterprise"] as const);
    const mrr =
      plan === "free"
        ? 0
        : plan === "pro"
          ? 20 + Math.floor(next() * 80)
          : plan === "team"
            ? 100 + Math.floor(next() * 250)
            : 500 + Math.floor(next() * 1500);
    const attributes: Record<string, unknown> = {
      plan,
      country: pick(COUNTRIES),
      // Imports bring numbers as text; identify calls bring JSON numbers.
      mrr: i % 5 === 1 ? String(mrr) : mrr,
      industry: pick(["saas", "retail", "fintech"]),
    };
    if (i % 4 !== 3) attributes.role = pick(["marketer", "developer", "founder"]);
    if (plan === "free") attributes.trial = next() < 0.5;
    const createdDays = (i * 37) % 200;
    const contact: SeedContact = {
      id: newId(),
      name: i % 13 === 12 ? null : `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@${domain}`,
      phone: i % 5 === 0 ? null : `+447700900${String(100 + i)}`,
      createdAt: ago(createdDays, 2),
      attributes,
      emailStatus: i % 9 === 4 ? "unsubscribed" : "subscribed",
      smsStatus: i % 11 === 5 ? "bounced" : "subscribed",
      whatsappStatus: i % 6 === 2 ? "unsubscribed" : "subscribed",
      ...emptyHistory(),
    };
    const event = eventRecorder(contact, i, createdDays, ago);
    // Contacts that came from a CSV import have no sign-up event.
    if (i % 3 !== 2 && options.signUpEvents !== false)
      event("Signed Up", createdDays, { source: pick(["google", "referral", "ads"]) });
    const orders = Math.floor(next() * 6) - 1;
    for (let k = 0; k < orders; k++)
      event("Order Completed", Math.floor(next() * 120), {
        total: 10 + Math.floor(next() * 290),
        category: pick(CATEGORIES),
        currency: "USD",
      });
    if (next() < 0.5) event("Page Viewed", Math.floor(next() * 30), { path: pick(PATHS) });
    if (next() < 0.3) event("Page Viewed", Math.floor(next() * 30), { path: "/pricing" });
    if (attributes.trial === true) event("Trial Started", Math.floor(next() * 60));
    const uses = Math.floor(next() * 4);
    for (let k = 0; k < uses; k++) event("Feature Used", Math.floor(next() * 45), { feature: pick(FEATURES) });
    const logins = Math.floor(next() * 5);
    for (let k = 0; k < logins; k++) event("Logged In", Math.floor(next() * 40));
    if (next() < 0.12) event("Subscription Cancelled", Math.floor(next() * 90));
    contacts.push(contact);
  }

  const campaigns = [
    {
      id: newId(),
      name: "Black Friday Sale",
      sentAt: ago(40) as Date | null,
      state: "SENT",
      channel: "email" as const,
    },
    {
      id: newId(),
      name: "November Newsletter",
      sentAt: ago(3) as Date | null,
      state: "SENT",
      channel: "email" as const,
    },
    { id: newId(), name: "Spring Launch", sentAt: null, state: "DRAFT", channel: "email" as const },
  ];
  const deliveries: SeedDelivery[] = [];
  const hits: SeedHit[] = [];
  // Opens and clicks from their own generator, so the contacts and events above stay as they were.
  const reader = random(7);
  contacts.forEach((contact, i) => {
    const deliver = (campaign: (typeof campaigns)[number], status: string) => {
      const id = newId();
      deliveries.push({
        id,
        campaignId: campaign.id,
        contactId: contact.id,
        status,
        sentAt: status === "sent" ? campaign.sentAt : null,
        address: contact.email,
        channel: "email",
      });
      if (status !== "sent") return;
      contact.received.push({ campaign: campaign.name, at: campaign.sentAt!, channel: "email" });
      const sentDays = Math.round((now.getTime() - campaign.sentAt!.getTime()) / DAY);
      // Whole days plus 1 to 5 hours, so no hit sits on the edge of an "in the last N days" window.
      const hit = (kind: EngagementKind, days: number) => {
        const at = ago(days, 1 + (i % 5));
        hits.push({ deliveryId: id, campaignId: campaign.id, contactId: contact.id, kind, occurredAt: at });
        contact.engagement.push({ campaign: campaign.name, kind, at });
      };
      const opens = reader() < 0.55;
      if (opens) hit("open", sentDays - 1);
      if (opens && reader() < 0.45) hit("click", sentDays - 1);
      // Readers who come back to an older email days or weeks later.
      if (opens && sentDays > 20 && reader() < 0.4) hit("open", 2 + Math.floor(reader() * 25));
      if (opens && sentDays > 20 && reader() < 0.3) hit("click", 3 + Math.floor(reader() * 20));
      // A click with no open recorded (images blocked): still someone who read it.
      if (!opens && i % 7 === 3) hit("click", Math.max(0, sentDays - 2));
      // Mail scanners fetch the pixel and follow links of some unopened emails.
      if (!opens && i % 7 === 0) hit("bot_open", sentDays);
      if (!opens && i % 7 === 0 && i % 2 === 0) hit("bot_click", sentDays);
    };
    if (i % 2 === 0) deliver(campaigns[0]!, "sent");
    else if (i % 10 === 1) deliver(campaigns[0]!, "failed");
    if (i % 3 === 0) deliver(campaigns[1]!, "sent");
  });

  const segments = [
    { id: newId(), name: "VIP" },
    { id: newId(), name: "Beta Testers" },
  ];
  contacts.forEach((contact, i) => {
    if (contact.attributes.plan === "enterprise" || i === 7) contact.segments.push("VIP");
    if (i % 8 === 0) contact.segments.push("Beta Testers");
  });

  return storeSeed({ teamId, userId, now, contacts, campaigns, deliveries, hits, segments });
}
