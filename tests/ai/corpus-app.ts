import type { CorpusCase } from "./corpus.ts";
import { factsOf } from "./corpus-facts.ts";
import type { Seed, SeedContact, SeedEvent } from "./corpus-seed.ts";

/*
 * The mobile fitness app's corpus (corpus-seed-app.ts): what its marketers
 * type and who they mean, as predicates over the seeded facts. "Opened the app"
 * is an event here, not an email open. Tuned on: the held-out prompts are
 * elsewhere (corpus-held-out.ts).
 */

export function appCorpus(seed: Seed): CorpusCase[] {
  const f = factsOf(seed);
  const platform = (c: SeedContact) => f.attr(c, "platform");
  const subscription = (c: SeedContact) => f.attr(c, "subscription");
  const country = (c: SeedContact) => f.attr(c, "country");
  const age = (c: SeedContact) => f.num(c, "age");
  const appOpens = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "App Opened", where);
  const workouts = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "Workout Completed", where);
  const q3 = f.quarter(3);
  return [
    // Attributes
    { prompt: "iOS users", members: (c) => platform(c) === "ios" },
    { prompt: "android users in India", members: (c) => platform(c) === "android" && country(c) === "India" },
    { prompt: "users not on iOS", members: (c) => platform(c) !== "ios" },
    { prompt: "web users", members: (c) => platform(c) === "web" },
    { prompt: "premium subscribers", members: (c) => subscription(c) === "premium" },
    { prompt: "free tier users", members: (c) => subscription(c) === "free" },
    { prompt: "premium or family", members: (c) => subscription(c) === "premium" || subscription(c) === "family" },
    { prompt: "users on app version 4.2.0", members: (c) => f.attr(c, "app_version") === "4.2.0" },
    { prompt: "language is pt", members: (c) => f.attr(c, "language") === "pt" },
    { prompt: "users aged over 40", members: (c) => age(c) > 40 },
    { prompt: "age under 25", members: (c) => age(c) < 25 },
    { prompt: "free users aged 30 or more", members: (c) => subscription(c) === "free" && age(c) >= 30 },
    { prompt: "anyone thats premium and older than 50", members: (c) => subscription(c) === "premium" && age(c) > 50 },
    { prompt: "push enabled", members: (c) => f.attr(c, "push_enabled") === true },
    { prompt: "users in Japan or Brazil", members: (c) => country(c) === "Japan" || country(c) === "Brazil" },
    { prompt: "everyone outside India", members: (c) => country(c) !== "India" },
    { prompt: "japanese users", members: (c) => country(c) === "Japan" },
    { prompt: "users whose goal is build muscle", members: (c) => f.attr(c, "goal") === "build muscle" },
    { prompt: "users with no goal", members: (c) => f.attr(c, "goal") === undefined },

    // Contact fields
    { prompt: "gmail addresses", members: (c) => c.email.endsWith("@gmail.com") },
    { prompt: "emails ending in outlook.com", members: (c) => c.email.endsWith("outlook.com") },
    { prompt: "names starting with J", members: (c) => (c.name ?? "").toLowerCase().startsWith("j") },
    { prompt: "phone numbers from Brazil (+55)", members: (c) => (c.phone ?? "").startsWith("+55") },
    { prompt: "phones starting with +91", members: (c) => (c.phone ?? "").startsWith("+91") },
    { prompt: "can receive WhatsApp", members: (c) => c.phone !== null && c.whatsappStatus === "subscribed" },
    { prompt: "unsubscribed from sms", members: (c) => c.smsStatus === "unsubscribed" },

    // Events
    { prompt: "opened the app in the last 7 days", members: (c) => appOpens(c, f.inLast(7)) > 0 },
    { prompt: "haven't opened the app in 30 days", members: (c) => appOpens(c, f.inLast(30)) === 0 },
    { prompt: "completed at least 5 workouts", members: (c) => workouts(c) >= 5 },
    { prompt: "did more than 3 workouts this month", members: (c) => workouts(c, f.sinceDay(f.thisMonth)) >= 4 },
    { prompt: "users who completed 2 workouts", members: (c) => workouts(c) >= 2 },
    { prompt: "did a yoga workout", members: (c) => workouts(c, (e) => e.properties.type === "yoga") > 0 },
    {
      prompt: "yoga or cycling workouts in the last 2 weeks",
      members: (c) =>
        workouts(c, (e) => ["yoga", "cycling"].includes(String(e.properties.type)) && f.inLast(14)(e)) > 0,
    },
    {
      prompt: "workouts longer than 60 minutes",
      members: (c) => workouts(c, (e) => Number(e.properties.minutes) > 60) > 0,
    },
    { prompt: "no workouts", members: (c) => workouts(c) === 0 },
    { prompt: "never completed a workout", members: (c) => workouts(c) === 0 },
    { prompt: "started a trial", members: (c) => f.events(c, "Trial Started") > 0 },
    {
      prompt: "started an annual subscription",
      members: (c) => f.events(c, "Subscription Started", (e) => e.properties.plan === "annual") > 0,
    },
    { prompt: "invited a friend in the last month", members: (c) => f.events(c, "Friend Invited", f.inLast(30)) > 0 },
    {
      prompt: "earned the 7 day streak badge",
      members: (c) => f.events(c, "Badge Earned", (e) => e.properties.badge === "7 day streak") > 0,
    },
    { prompt: "earned at least 2 badges", members: (c) => f.events(c, "Badge Earned") >= 2 },
    { prompt: "uninstalled the app", members: (c) => f.events(c, "App Uninstalled") > 0 },
    { prompt: "uninstalled in the last 60 days", members: (c) => f.events(c, "App Uninstalled", f.inLast(60)) > 0 },
    {
      prompt: "users who earned a badge but never invited a friend",
      members: (c) => f.events(c, "Badge Earned") > 0 && f.events(c, "Friend Invited") === 0,
    },
    {
      prompt: "premium users who completed 3+ workouts in the last 30 days",
      members: (c) => subscription(c) === "premium" && workouts(c, f.inLast(30)) >= 3,
    },
    {
      prompt: "users on android who haven't opened the app in 2 weeks",
      members: (c) => platform(c) === "android" && appOpens(c, f.inLast(14)) === 0,
    },
    {
      prompt: "umm maybe like users who did cycling",
      members: (c) => workouts(c, (e) => e.properties.type === "cycling") > 0,
    },

    // Activity and time
    { prompt: "inactive for 14 days", members: (c) => !f.anyEvent(c, f.inLast(14)) },
    { prompt: "active this week", members: (c) => f.anyEvent(c, f.sinceDay(f.thisWeek)) },
    { prompt: "active users", members: (c) => f.anyEvent(c, f.inLast(30)) },
    { prompt: "new signups this month", members: (c) => f.createdIn(c, f.sinceDay(f.thisMonth)) },
    { prompt: "new users in the last 7 days", members: (c) => f.createdIn(c, f.inLast(7)) },
    { prompt: "dormant users", members: (c) => !f.anyEvent(c, f.inLast(90)) },
    { prompt: "engaged users", members: (c) => f.opened(c, f.inLast(30)) },
    { prompt: "joined yesterday", members: (c) => f.createdIn(c, f.onDay(f.daysAgo(1))) },
    { prompt: "opened the app since Monday", members: (c) => appOpens(c, f.sinceDay(f.lastMonday)) > 0 },
    { prompt: "completed a workout in Q3", members: (c) => workouts(c, f.betweenDays(q3.from, q3.to)) > 0 },
    { prompt: "opened the app over the past fortnight", members: (c) => appOpens(c, f.inLast(14)) > 0 },

    // Campaigns and segments
    { prompt: "didn't open the last campaign", members: (c) => !f.opened(c, f.of(f.lastCampaign)) },
    { prompt: "clicked the New Year Challenge email", members: (c) => f.clicked(c, f.of("New Year Challenge")) },
    {
      prompt: "received any SMS in the last 2 weeks",
      members: (c) => f.received(c, (r) => r.channel === "sms" && f.inLast(14)(r)),
    },
    { prompt: "received Premium Discount", members: (c) => f.receivedCampaign(c, "Premium Discount") },
    { prompt: "didn't receive any WhatsApp message", members: (c) => !f.received(c, (r) => r.channel === "whatsapp") },
    { prompt: "users who aren't in churn risk", members: (c) => !c.segments.includes("Churn Risk") },
    {
      prompt: "Churn Risk members on android",
      members: (c) => c.segments.includes("Churn Risk") && platform(c) === "android",
    },
    {
      prompt: "android or ios users outside Germany",
      members: (c) => (platform(c) === "android" || platform(c) === "ios") && country(c) !== "Germany",
    },
    { prompt: "users older than 40", members: (c) => age(c) > 40 },
    { prompt: "users aged under 30", members: (c) => age(c) < 30 },
    {
      prompt: "completed a strength workout this week",
      members: (c) => workouts(c, (e) => e.properties.type === "strength" && f.sinceDay(f.thisWeek)(e)) > 0,
    },
    { prompt: "users with more than 3 app opens", members: (c) => appOpens(c) >= 4 },
    { prompt: "dormant android users", members: (c) => platform(c) === "android" && !f.anyEvent(c, f.inLast(90)) },
    { prompt: "got any whatsapp message", members: (c) => f.received(c, (r) => r.channel === "whatsapp") },
    { prompt: "hasn't received any SMS", members: (c) => !f.received(c, (r) => r.channel === "sms") },
    // A third round, after the second held-out batch.
    {
      prompt: "users on iOS or Android in Japan",
      members: (c) => (platform(c) === "ios" || platform(c) === "android") && country(c) === "Japan",
    },
    { prompt: "all users but the web ones", members: (c) => platform(c) !== "web" },
    { prompt: "users without push enabled", members: (c) => f.attr(c, "push_enabled") !== true },
    { prompt: "language other than en", members: (c) => f.attr(c, "language") !== "en" },
    {
      prompt: "completed a running workout in the last 10 days",
      members: (c) => workouts(c, (e) => e.properties.type === "running" && f.inLast(10)(e)) > 0,
    },
    { prompt: "workouts under 20 minutes", members: (c) => workouts(c, (e) => Number(e.properties.minutes) < 20) > 0 },
    { prompt: "users who opened the app more than 5 times", members: (c) => appOpens(c) >= 6 },
    {
      prompt: "users that started a trial in the last 60 days",
      members: (c) => f.events(c, "Trial Started", f.inLast(60)) > 0,
    },
    { prompt: "no app opens this week", members: (c) => appOpens(c, f.sinceDay(f.thisWeek)) === 0 },
    {
      prompt: "android users aged 25 to 35",
      members: (c) => platform(c) === "android" && age(c) >= 25 && age(c) <= 35,
    },
    { prompt: "users on version 4.1.3", members: (c) => f.attr(c, "app_version") === "4.1.3" },
    { prompt: "got the premium discount on whatsapp", members: (c) => f.receivedCampaign(c, "Premium Discount") },
    {
      prompt: "ios users in the US or Germany who opened the app yesterday",
      members: (c) =>
        platform(c) === "ios" &&
        (country(c) === "United States" || country(c) === "Germany") &&
        appOpens(c, f.onDay(f.daysAgo(1))) > 0,
    },
  ];
}
