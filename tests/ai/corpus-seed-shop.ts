import { newId } from "#db/ids.ts";
import { createUser } from "../factories.ts";
import type { Seed, SeedCampaign, SeedContact } from "./corpus-seed.ts";
import {
  deliverer,
  emptyHistory,
  eventRecorder,
  random,
  type SeedDelivery,
  type SeedHit,
  startSeed,
  storeSeed,
} from "./corpus-store.ts";

/*
 * An online shop's team, as the corpus's second vocabulary: 72 shoppers with a
 * loyalty tier, points, a country spelled out ("United Kingdom"), a favourite
 * department and a marketing opt-in; product views, carts, checkouts, orders
 * with totals and coupons, refunds and reviews; email and SMS campaigns. Email
 * addresses mix webmail, university (.edu) and company domains, phones mix
 * country codes, so string conditions have something to tell apart.
 */

const FIRST = [
  "Alice",
  "Bruno",
  "Chloe",
  "Diego",
  "Emma",
  "Farah",
  "George",
  "Helen",
  "Isaac",
  "Julia",
  "Karim",
  "Laura",
  "Marco",
  "Nora",
  "Oscar",
  "Paula",
  "Ravi",
  "Sofia",
  "Tom",
  "Uma",
  "Victor",
  "Wendy",
  "Yara",
  "Zoe",
];
const LAST = [
  "Adams",
  "Brown",
  "Clark",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Hughes",
  "Iqbal",
  "Jensen",
  "Khan",
  "Lopez",
];
const COUNTRIES = ["United States", "United Kingdom", "Germany", "Canada", "Australia"];
const DIAL: Record<string, string> = {
  "United States": "+1415555",
  "United Kingdom": "+447700",
  Germany: "+49151",
  Canada: "+1604555",
  Australia: "+61412",
};
const DEPARTMENTS = ["women", "men", "kids", "home"];
const BRANDS = ["Nike", "Levis", "Ikea", "Zara"];

export async function seedShopTeam(options: { now?: Date } = {}): Promise<Seed> {
  const { teamId, userId } = await createUser();
  const { now, ago, next, pick, tag } = startSeed(4242, options.now);

  const contacts: SeedContact[] = [];
  for (let i = 0; i < 72; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / 6) % LAST.length]!;
    const domain =
      i % 4 === 0
        ? "gmail.com"
        : i % 6 === 1
          ? "yahoo.com"
          : i % 9 === 2
            ? "mit.edu"
            : i % 11 === 3
              ? "stanford.edu"
              : i % 5 === 2
                ? "hotmail.co.uk"
                : `shop${i}-${tag}.com`;
    const country = pick(COUNTRIES);
    const tier = pick(["bronze", "bronze", "silver", "silver", "gold", "platinum"] as const);
    const attributes: Record<string, unknown> = {
      loyalty_tier: tier,
      country,
      points:
        tier === "bronze"
          ? Math.floor(next() * 200)
          : tier === "silver"
            ? 200 + Math.floor(next() * 800)
            : 1000 + Math.floor(next() * 4000),
      favorite_department: pick(DEPARTMENTS),
      accepts_marketing: next() < 0.7,
    };
    if (i % 5 !== 4) attributes.gender = pick(["female", "male"]);
    if (i % 3 === 0) attributes.city = pick(["London", "Berlin", "Toronto", "Sydney", "Austin"]);
    const createdDays = (i * 29) % 220;
    const contact: SeedContact = {
      id: newId(),
      name: i % 17 === 16 ? null : `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@${domain}`,
      phone: i % 6 === 5 ? null : `${DIAL[country]}${String(1000 + i * 7).padStart(4, "0")}`,
      createdAt: ago(createdDays, 3),
      attributes,
      emailStatus: i % 10 === 4 ? "unsubscribed" : i % 23 === 7 ? "bounced" : "subscribed",
      smsStatus: i % 8 === 3 ? "unsubscribed" : "subscribed",
      whatsappStatus: i % 7 === 2 ? "unsubscribed" : "subscribed",
      ...emptyHistory(),
    };
    const event = eventRecorder(contact, i, createdDays, ago);
    const views = Math.floor(next() * 5);
    for (let k = 0; k < views; k++)
      event("Product Viewed", Math.floor(next() * 60), {
        category: pick(DEPARTMENTS),
        brand: pick(BRANDS),
        price: 10 + Math.floor(next() * 190),
      });
    const carts = Math.floor(next() * 3);
    for (let k = 0; k < carts; k++)
      event("Added To Cart", Math.floor(next() * 45), {
        category: pick(DEPARTMENTS),
        price: 10 + Math.floor(next() * 190),
      });
    if (next() < 0.4) event("Checkout Started", Math.floor(next() * 40));
    const orders = Math.floor(next() * 6) - 1;
    for (let k = 0; k < orders; k++) {
      const properties: Record<string, unknown> = {
        total: 15 + Math.floor(next() * 385),
        items: 1 + Math.floor(next() * 5),
        payment: pick(["card", "paypal", "apple pay"]),
      };
      if (next() < 0.3) properties.coupon = pick(["WELCOME10", "SUMMER20"]);
      event("Order Placed", Math.floor(next() * 150), properties);
    }
    if (orders > 0 && next() < 0.2)
      event("Order Refunded", Math.floor(next() * 60), { reason: pick(["damaged", "wrong size"]) });
    if (orders > 0 && next() < 0.35)
      event("Review Submitted", Math.floor(next() * 90), { rating: 1 + Math.floor(next() * 5) });
    if (next() < 0.3) event("Wishlist Added", Math.floor(next() * 30), { category: pick(DEPARTMENTS) });
    contacts.push(contact);
  }

  const campaigns: (SeedCampaign & { state: string })[] = [
    { id: newId(), name: "Summer Sale", sentAt: ago(75), state: "SENT", channel: "email" },
    { id: newId(), name: "Spring Launch", sentAt: ago(25), state: "SENT", channel: "email" },
    { id: newId(), name: "Flash Sale Text", sentAt: ago(9), state: "SENT", channel: "sms" },
    { id: newId(), name: "Back In Stock", sentAt: ago(2), state: "SENT", channel: "email" },
    { id: newId(), name: "Holiday Gift Guide", sentAt: null, state: "DRAFT", channel: "email" },
  ];
  const deliveries: SeedDelivery[] = [];
  const hits: SeedHit[] = [];
  const deliver = deliverer(now, deliveries, hits, random(99));
  contacts.forEach((contact, i) => {
    if (i % 2 === 0) deliver(contact, i, campaigns[0]!);
    if (i % 3 !== 2) deliver(contact, i, campaigns[1]!, i % 13 === 5 ? "failed" : "sent");
    if (contact.phone && i % 4 === 1) deliver(contact, i, campaigns[2]!);
    if (i % 5 < 3) deliver(contact, i, campaigns[3]!);
  });

  const segments = [
    { id: newId(), name: "Loyal Shoppers" },
    { id: newId(), name: "Wholesale" },
  ];
  contacts.forEach((contact, i) => {
    if (contact.events.filter((e) => e.name === "Order Placed").length >= 3) contact.segments.push("Loyal Shoppers");
    if (i % 9 === 4) contact.segments.push("Wholesale");
  });

  return storeSeed({ teamId, userId, now, contacts, campaigns, deliveries, hits, segments });
}
