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
 * A mobile fitness app's team, as the corpus's third vocabulary: 66 users with
 * a platform, an app version, a language, a subscription tier, an age and a
 * push opt-in; app opens, workouts with a type and minutes, subscriptions,
 * trials, invitations, badges and uninstalls; email, WhatsApp and SMS
 * campaigns.
 */

const FIRST = [
  "Aiko",
  "Bea",
  "Caio",
  "Deepa",
  "Elif",
  "Femi",
  "Gabi",
  "Hiro",
  "Ines",
  "Jonas",
  "Kai",
  "Lucia",
  "Mei",
  "Nadia",
  "Otto",
  "Priya",
  "Rafa",
  "Sven",
  "Tomas",
  "Vera",
  "Wei",
  "Yusuf",
];
const LAST = ["Alves", "Bose", "Costa", "Dutta", "Engel", "Fujita", "Gomez", "Hahn", "Ivanova", "Joshi", "Kato"];
const COUNTRIES = ["Brazil", "India", "United States", "Germany", "Japan"];
const DIAL: Record<string, string> = {
  Brazil: "+5511955",
  India: "+9198765",
  "United States": "+1212555",
  Germany: "+49170",
  Japan: "+8190555",
};
const WORKOUTS = ["running", "yoga", "cycling", "strength"];

export async function seedAppTeam(options: { now?: Date } = {}): Promise<Seed> {
  const { teamId, userId } = await createUser();
  const { now, ago, next, pick, tag } = startSeed(777, options.now);

  const contacts: SeedContact[] = [];
  for (let i = 0; i < 66; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / 6) % LAST.length]!;
    const country = pick(COUNTRIES);
    const platform = pick(["ios", "ios", "android", "android", "android", "web"] as const);
    const subscription = pick(["free", "free", "free", "premium", "premium", "family"] as const);
    const attributes: Record<string, unknown> = {
      platform,
      app_version: pick(["4.2.0", "4.2.0", "4.1.3", "3.9.8"]),
      language: pick(["en", "en", "pt", "de", "ja", "hi"]),
      subscription,
      age: 18 + Math.floor(next() * 50),
      push_enabled: platform !== "web" && next() < 0.65,
      country,
    };
    if (i % 4 === 1) attributes.goal = pick(["lose weight", "build muscle", "stay fit"]);
    const createdDays = (i * 31) % 190;
    const domain = i % 3 === 0 ? "gmail.com" : i % 5 === 1 ? "outlook.com" : `mail${i}-${tag}.net`;
    const contact: SeedContact = {
      id: newId(),
      name: i % 11 === 10 ? null : `${first} ${last}`,
      email: `${first.toLowerCase()}${i}@${domain}`,
      phone: i % 5 === 3 ? null : `${DIAL[country]}${String(2000 + i * 13)}`,
      createdAt: ago(createdDays, 4),
      attributes,
      emailStatus: i % 12 === 6 ? "unsubscribed" : "subscribed",
      smsStatus: i % 9 === 2 ? "unsubscribed" : "subscribed",
      whatsappStatus: i % 4 === 2 ? "unsubscribed" : "subscribed",
      ...emptyHistory(),
    };
    const event = eventRecorder(contact, i, createdDays, ago);
    // Some users drift away: their activity stops some weeks back.
    const quietFor = i % 5 === 0 ? 20 + Math.floor(next() * 100) : 0;
    const opens = Math.floor(next() * 7);
    for (let k = 0; k < opens; k++) event("App Opened", quietFor + Math.floor(next() * 40), { platform });
    const workouts = Math.floor(next() * 6) - 1;
    for (let k = 0; k < workouts; k++)
      event("Workout Completed", quietFor + Math.floor(next() * 60), {
        type: pick(WORKOUTS),
        minutes: 10 + Math.floor(next() * 80),
      });
    if (subscription !== "free")
      event("Subscription Started", Math.floor(next() * createdDays), {
        plan: pick(["monthly", "annual"]),
        price: subscription === "family" ? 99 : pick([9, 59]),
      });
    if (subscription === "free" && next() < 0.4) event("Trial Started", Math.floor(next() * 90));
    if (next() < 0.3) event("Friend Invited", Math.floor(next() * 60));
    const badges = Math.floor(next() * 3);
    for (let k = 0; k < badges; k++)
      event("Badge Earned", Math.floor(next() * 80), { badge: pick(["first run", "7 day streak", "early bird"]) });
    if (i % 5 === 0 && next() < 0.5) event("App Uninstalled", Math.floor(next() * quietFor));
    contacts.push(contact);
  }

  const campaigns: (SeedCampaign & { state: string })[] = [
    { id: newId(), name: "New Year Challenge", sentAt: ago(50), state: "SENT", channel: "email" },
    { id: newId(), name: "Premium Discount", sentAt: ago(12), state: "SENT", channel: "whatsapp" },
    { id: newId(), name: "Streak Reminder", sentAt: ago(6), state: "SENT", channel: "sms" },
    { id: newId(), name: "Weekly Digest", sentAt: ago(4), state: "SENT", channel: "email" },
    { id: newId(), name: "Summer Shape Up", sentAt: null, state: "DRAFT", channel: "email" },
  ];
  const deliveries: SeedDelivery[] = [];
  const hits: SeedHit[] = [];
  const deliver = deliverer(now, deliveries, hits, random(31));
  contacts.forEach((contact, i) => {
    if (i % 2 === 1) deliver(contact, i, campaigns[0]!);
    if (contact.phone && i % 3 === 0) deliver(contact, i, campaigns[1]!);
    if (contact.phone && i % 4 === 2) deliver(contact, i, campaigns[2]!);
    if (i % 3 !== 1) deliver(contact, i, campaigns[3]!, i % 17 === 5 ? "failed" : "sent");
  });

  const segments = [
    { id: newId(), name: "Power Users" },
    { id: newId(), name: "Churn Risk" },
  ];
  contacts.forEach((contact, i) => {
    if (contact.events.filter((e) => e.name === "Workout Completed").length >= 3) contact.segments.push("Power Users");
    if (i % 5 === 0) contact.segments.push("Churn Risk");
  });

  return storeSeed({ teamId, userId, now, contacts, campaigns, deliveries, hits, segments });
}
