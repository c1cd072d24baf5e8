import { randomUUID } from "node:crypto";
import type { Vocabulary, VocabularyEvent } from "#server/ai/types.ts";

/*
 * Vocabularies for bench/ai, as buildVocabulary returns them for the corpus's
 * three teams (tests/ai/corpus-seed*.ts), and one at the largest size
 * buildVocabulary returns (50 attribute keys of 20 values, 200 event names
 * with properties, 100 campaigns and segments), which bounds the cost of a
 * prompt for any team.
 */

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const text = (key: string, values: string[]) => ({ key, kind: "text" as const, values });
const number = (key: string) => ({ key, kind: "number" as const, values: [] });
const boolean = (key: string) => ({ key, kind: "boolean" as const, values: ["true", "false"] });
const event = (name: string, properties: VocabularyEvent["properties"] = []): VocabularyEvent => ({ name, properties });
const campaign = (name: string, days: number | null, channel: "email" | "sms" | "whatsapp" = "email") => ({
  id: randomUUID(),
  name,
  sentAt: days === null ? null : ago(days),
  channel,
});
const segment = (name: string) => ({ id: randomUUID(), name });

export const saasVocabulary: Vocabulary = {
  attributes: [
    text("plan", ["free", "pro", "team", "enterprise"]),
    text("country", ["UK", "France", "Germany", "United States", "Spain"]),
    number("mrr"),
    text("industry", ["saas", "retail", "fintech"]),
    text("role", ["marketer", "developer", "founder"]),
    boolean("trial"),
  ],
  events: [
    event("Signed Up", [text("source", ["google", "referral", "ads"])]),
    event("Order Completed", [
      number("total"),
      text("category", ["shoes", "books", "electronics"]),
      text("currency", ["USD"]),
    ]),
    event("Page Viewed", [text("path", ["/pricing", "/features", "/blog"])]),
    event("Trial Started"),
    event("Feature Used", [text("feature", ["export", "reports", "api"])]),
    event("Logged In"),
    event("Subscription Cancelled"),
  ],
  campaigns: [campaign("November Newsletter", 3), campaign("Black Friday Sale", 40), campaign("Spring Launch", null)],
  segments: [segment("VIP"), segment("Beta Testers")],
  emailDomains: ["gmail.com", "acme.io"],
};

export const shopVocabulary: Vocabulary = {
  attributes: [
    text("loyalty_tier", ["bronze", "silver", "gold", "platinum"]),
    text("country", ["United States", "United Kingdom", "Germany", "Canada", "Australia"]),
    number("points"),
    text("favorite_department", ["women", "men", "kids", "home"]),
    boolean("accepts_marketing"),
    text("gender", ["female", "male"]),
    text("city", ["London", "Berlin", "Toronto", "Sydney", "Austin"]),
  ],
  events: [
    event("Product Viewed", [
      text("category", ["women", "men", "kids", "home"]),
      text("brand", ["Nike", "Levis", "Ikea", "Zara"]),
      number("price"),
    ]),
    event("Added To Cart", [text("category", ["women", "men", "kids", "home"]), number("price")]),
    event("Checkout Started"),
    event("Order Placed", [
      number("total"),
      number("items"),
      text("payment", ["card", "paypal", "apple pay"]),
      text("coupon", ["WELCOME10", "SUMMER20"]),
    ]),
    event("Order Refunded", [text("reason", ["damaged"])]),
    event("Review Submitted", [number("rating")]),
    event("Wishlist Added", [text("category", ["home", "men", "women"])]),
  ],
  campaigns: [
    campaign("Back In Stock", 2),
    campaign("Flash Sale Text", 9, "sms"),
    campaign("Spring Launch", 25),
    campaign("Summer Sale", 75),
    campaign("Holiday Gift Guide", null),
  ],
  segments: [segment("Loyal Shoppers"), segment("Wholesale")],
  emailDomains: ["gmail.com", "yahoo.com", "mit.edu", "stanford.edu", "hotmail.co.uk"],
};

export const appVocabulary: Vocabulary = {
  attributes: [
    text("platform", ["ios", "android", "web"]),
    text("app_version", ["4.2.0", "4.1.3", "3.9.8"]),
    text("language", ["en", "pt", "de", "ja", "hi"]),
    text("subscription", ["free", "premium", "family"]),
    number("age"),
    boolean("push_enabled"),
    text("country", ["Brazil", "India", "United States", "Germany", "Japan"]),
    text("goal", ["lose weight", "build muscle", "stay fit"]),
  ],
  events: [
    event("App Opened", [text("platform", ["ios", "android", "web"])]),
    event("Workout Completed", [text("type", ["running", "yoga", "cycling", "strength"]), number("minutes")]),
    event("Subscription Started", [text("plan", ["monthly", "annual"]), number("price")]),
    event("Trial Started"),
    event("Friend Invited"),
    event("Badge Earned", [text("badge", ["first run", "7 day streak", "early bird"])]),
    event("App Uninstalled"),
  ],
  campaigns: [
    campaign("Weekly Digest", 4),
    campaign("Streak Reminder", 6, "sms"),
    campaign("Premium Discount", 12, "whatsapp"),
    campaign("New Year Challenge", 50),
    campaign("Summer Shape Up", null),
  ],
  segments: [segment("Power Users"), segment("Churn Risk")],
  emailDomains: ["gmail.com", "outlook.com"],
};

/** The largest vocabulary buildVocabulary returns: the three teams' names plus filler up to every limit. */
export function largestVocabulary(): Vocabulary {
  const words = [
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliet",
    "kilo",
    "lima",
    "mike",
    "november",
    "oscar",
    "papa",
    "quebec",
    "romeo",
    "sierra",
    "tango",
  ];
  const base = [saasVocabulary, shopVocabulary, appVocabulary];
  const attributes = base.flatMap((v) => v.attributes);
  for (let i = attributes.length; i < 50; i++)
    attributes.push(
      text(
        `custom_field_${i}`,
        words.map((w) => `${w} ${i}`),
      ),
    );
  const events = base.flatMap((v) => v.events);
  for (let i = events.length; i < 200; i++)
    events.push(event(`Custom Action ${words[i % 20]} ${i}`, [text("variant", words.slice(0, 20)), number("amount")]));
  const campaigns = base.flatMap((v) => v.campaigns);
  for (let i = campaigns.length; i < 100; i++) campaigns.push(campaign(`Campaign ${words[i % 20]} ${i}`, i));
  const segments = base.flatMap((v) => v.segments);
  for (let i = segments.length; i < 100; i++) segments.push(segment(`Segment ${words[i % 20]} ${i}`));
  return {
    attributes: attributes.slice(0, 50),
    events: events.slice(0, 200),
    campaigns,
    segments,
    emailDomains: base.flatMap((v) => v.emailDomains).slice(0, 20),
  };
}
