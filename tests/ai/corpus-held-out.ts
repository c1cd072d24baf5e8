import type { CorpusCase } from "./corpus.ts";
import { factsOf } from "./corpus-facts.ts";
import type { Seed, SeedContact, SeedEvent } from "./corpus-seed.ts";

/*
 * THE HELD-OUT FIFTH. These prompts were written, with their expected members,
 * before the interpreter was changed for the three vocabularies, and the
 * interpreter is never tuned on them: a miss here is reported, not fixed by a
 * rule aimed at the prompt. Add new prompts to the tuned corpora (corpus.ts,
 * corpus-shop.ts, corpus-app.ts) instead; once a prompt here has been looked
 * at to fix the interpreter, it belongs there, not here.
 *
 * Two batches: the first (30 a team) before any change for the three
 * vocabularies; the second (5 a team, at the end of each list) after the
 * interpreter had been changed, before the changes that followed, so the
 * tuned corpus could grow and the held-out part stay a fifth.
 */

export function heldOutSaas(seed: Seed): CorpusCase[] {
  const f = factsOf(seed);
  const plan = (c: SeedContact) => f.attr(c, "plan");
  const country = (c: SeedContact) => f.attr(c, "country");
  const role = (c: SeedContact) => f.attr(c, "role");
  const orders = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "Order Completed", where);
  const jan1 = `${f.today.slice(0, 4)}-01-01`;
  return [
    { prompt: "Enterprise customers in Spain", members: (c) => plan(c) === "enterprise" && country(c) === "Spain" },
    { prompt: "folks on the team plan", members: (c) => plan(c) === "team" },
    { prompt: "users who purchased at least once in the last 60 days", members: (c) => orders(c, f.inLast(60)) >= 1 },
    { prompt: "anyone who ordered more than 4 times", members: (c) => orders(c) >= 5 },
    { prompt: "people who never cancelled", members: (c) => f.events(c, "Subscription Cancelled") === 0 },
    {
      prompt: "contacts outside Germany on the pro plan",
      members: (c) => country(c) !== "Germany" && plan(c) === "pro",
    },
    { prompt: "all users except founders", members: (c) => role(c) !== "founder" },
    { prompt: "gmail users in france", members: (c) => c.email.endsWith("@gmail.com") && country(c) === "France" },
    { prompt: "emails ending with .io", members: (c) => c.email.endsWith(".io") },
    { prompt: "people whose name starts with B", members: (c) => (c.name ?? "").toLowerCase().startsWith("b") },
    { prompt: "no activity in the last 2 weeks", members: (c) => !f.anyEvent(c, f.inLast(14)) },
    { prompt: "users active in the last 3 days", members: (c) => f.anyEvent(c, f.inLast(3)) },
    { prompt: "new signups in the past 30 days", members: (c) => f.createdIn(c, f.inLast(30)) },
    { prompt: "ppl who logged in this week", members: (c) => f.events(c, "Logged In", f.sinceDay(f.thisWeek)) > 0 },
    { prompt: "bought something yesterday", members: (c) => orders(c, f.onDay(f.daysAgo(1))) > 0 },
    {
      prompt: "used the export feature last month",
      members: (c) =>
        f.events(
          c,
          "Feature Used",
          (e) => e.properties.feature === "export" && f.betweenDays(f.lastMonth, f.lastMonthEnd)(e),
        ) > 0,
    },
    {
      prompt: "who viewed the blog since monday",
      members: (c) =>
        f.events(c, "Page Viewed", (e) => e.properties.path === "/blog" && f.sinceDay(f.lastMonday)(e)) > 0,
    },
    { prompt: "didn't click the last campaign", members: (c) => !f.clicked(c, f.of(f.lastCampaign)) },
    { prompt: "opened the november newsletter", members: (c) => f.opened(c, f.of("November Newsletter")) },
    {
      prompt: "received the Black Friday Sale but didn't open it",
      members: (c) => f.receivedCampaign(c, "Black Friday Sale") && !f.opened(c, f.of("Black Friday Sale")),
    },
    { prompt: "in VIP but not on enterprise", members: (c) => c.segments.includes("VIP") && plan(c) !== "enterprise" },
    { prompt: "marketers with at least 2 orders", members: (c) => role(c) === "marketer" && orders(c) >= 2 },
    {
      prompt: "developers who have logged in fewer than 2 times",
      members: (c) => role(c) === "developer" && f.events(c, "Logged In") <= 1,
    },
    {
      prompt: "customers with MRR above 250 outside the UK",
      members: (c) => f.num(c, "mrr") > 250 && country(c) !== "UK",
    },
    {
      prompt: "pro users who signed up in the last 90 days",
      members: (c) => plan(c) === "pro" && f.events(c, "Signed Up", f.inLast(90)) > 0,
    },
    { prompt: "free users that have not ordered anything", members: (c) => plan(c) === "free" && orders(c) === 0 },
    {
      prompt: "umm can I get the people who bought books, thanks",
      members: (c) => orders(c, (e) => e.properties.category === "books") > 0,
    },
    { prompt: "contacts created this week", members: (c) => f.createdIn(c, f.sinceDay(f.thisWeek)) },
    { prompt: "customers in Germny with a phone", members: (c) => country(c) === "Germany" && c.phone !== null },
    {
      prompt: "anyone who cancelled their subscription this year",
      members: (c) => f.events(c, "Subscription Cancelled", f.sinceDay(jan1)) > 0,
    },
    // Second batch.
    {
      prompt: "customers on pro who haven't logged in this month",
      members: (c) => plan(c) === "pro" && f.events(c, "Logged In", f.sinceDay(f.thisMonth)) === 0,
    },
    {
      prompt: "french or spanish founders",
      members: (c) => (country(c) === "France" || country(c) === "Spain") && role(c) === "founder",
    },
    {
      prompt: "users who viewed pricing at least twice",
      members: (c) => f.events(c, "Page Viewed", (e) => e.properties.path === "/pricing") >= 2,
    },
    { prompt: "anyone with an acme.io email", members: (c) => c.email.endsWith("@acme.io") },
    {
      prompt: "contacts who got the black friday sale email but never clicked it",
      members: (c) => f.receivedCampaign(c, "Black Friday Sale") && !f.clicked(c, f.of("Black Friday Sale")),
    },
  ];
}

export function heldOutShop(seed: Seed): CorpusCase[] {
  const f = factsOf(seed);
  const tier = (c: SeedContact) => f.attr(c, "loyalty_tier");
  const country = (c: SeedContact) => f.attr(c, "country");
  const orders = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "Order Placed", where);
  const q3 = f.quarter(3);
  return [
    { prompt: "platinum customers", members: (c) => tier(c) === "platinum" },
    {
      prompt: "shoppers in Australia with over 1500 points",
      members: (c) => country(c) === "Australia" && f.num(c, "points") > 1500,
    },
    { prompt: "customers not in Canada", members: (c) => country(c) !== "Canada" },
    { prompt: "everyone apart from the United States", members: (c) => country(c) !== "United States" },
    { prompt: "customers who placed more then 3 orders", members: (c) => orders(c) >= 4 },
    { prompt: "ordered at least twice in the last 60 days", members: (c) => orders(c, f.inLast(60)) >= 2 },
    { prompt: "haven't placed any orders", members: (c) => orders(c) === 0 },
    { prompt: "customers with exactly 1 order", members: (c) => orders(c) === 1 },
    { prompt: "orders paid by card", members: (c) => orders(c, (e) => e.properties.payment === "card") > 0 },
    { prompt: "used a coupon", members: (c) => orders(c, (e) => e.properties.coupon !== undefined) > 0 },
    {
      prompt: "viewed Zara products in the last 30 days",
      members: (c) => f.events(c, "Product Viewed", (e) => e.properties.brand === "Zara" && f.inLast(30)(e)) > 0,
    },
    {
      prompt: "added home items to the cart",
      members: (c) => f.events(c, "Added To Cart", (e) => e.properties.category === "home") > 0,
    },
    {
      prompt: "left a review with a rating of 1",
      members: (c) => f.events(c, "Review Submitted", (e) => e.properties.rating === 1) > 0,
    },
    {
      prompt: "refunded because it was damaged",
      members: (c) => f.events(c, "Order Refunded", (e) => e.properties.reason === "damaged") > 0,
    },
    { prompt: "hotmail addresses", members: (c) => c.email.endsWith("@hotmail.co.uk") },
    { prompt: ".edu emails", members: (c) => c.email.endsWith(".edu") },
    { prompt: "customers whose name begins with S", members: (c) => (c.name ?? "").toLowerCase().startsWith("s") },
    { prompt: "german phone numbers (+49)", members: (c) => (c.phone ?? "").startsWith("+49") },
    { prompt: "no activity for 45 days", members: (c) => !f.anyEvent(c, f.inLast(45)) },
    { prompt: "active in the last 10 days", members: (c) => f.anyEvent(c, f.inLast(10)) },
    { prompt: "new customers this week", members: (c) => f.createdIn(c, f.sinceDay(f.thisWeek)) },
    { prompt: "ordered last month", members: (c) => orders(c, f.betweenDays(f.lastMonth, f.lastMonthEnd)) > 0 },
    { prompt: "viewed products yesterday", members: (c) => f.events(c, "Product Viewed", f.onDay(f.daysAgo(1))) > 0 },
    { prompt: "bought something in Q3", members: (c) => orders(c, f.betweenDays(q3.from, q3.to)) > 0 },
    { prompt: "opened the Back In Stock email", members: (c) => f.opened(c, f.of("Back In Stock")) },
    { prompt: "didn't click the Summer Sale", members: (c) => !f.clicked(c, f.of("Summer Sale")) },
    {
      prompt: "got an SMS in the last 10 days",
      members: (c) => f.received(c, (r) => r.channel === "sms" && f.inLast(10)(r)),
    },
    {
      prompt: "loyal shoppers in the UK",
      members: (c) => c.segments.includes("Loyal Shoppers") && country(c) === "United Kingdom",
    },
    {
      prompt: "silver or bronze customers who accept marketing",
      members: (c) => (tier(c) === "silver" || tier(c) === "bronze") && f.attr(c, "accepts_marketing") === true,
    },
    {
      prompt: "so like, anyone who has wishlisted something but never bought anything?",
      members: (c) => f.events(c, "Wishlist Added") > 0 && orders(c) === 0,
    },
    // Second batch.
    {
      prompt: "gold or platinum shoppers in Canada",
      members: (c) => (tier(c) === "gold" || tier(c) === "platinum") && country(c) === "Canada",
    },
    {
      prompt: "customers who added something to the cart this month",
      members: (c) => f.events(c, "Added To Cart", f.sinceDay(f.thisMonth)) > 0,
    },
    { prompt: "people who never viewed a product", members: (c) => f.events(c, "Product Viewed") === 0 },
    { prompt: "customers with under 50 points", members: (c) => f.num(c, "points") < 50 },
    {
      prompt: "refunded customers in Australia",
      members: (c) => f.events(c, "Order Refunded") > 0 && country(c) === "Australia",
    },
  ];
}

export function heldOutApp(seed: Seed): CorpusCase[] {
  const f = factsOf(seed);
  const platform = (c: SeedContact) => f.attr(c, "platform");
  const subscription = (c: SeedContact) => f.attr(c, "subscription");
  const country = (c: SeedContact) => f.attr(c, "country");
  const age = (c: SeedContact) => f.num(c, "age");
  const appOpens = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "App Opened", where);
  const workouts = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "Workout Completed", where);
  return [
    { prompt: "android users", members: (c) => platform(c) === "android" },
    {
      prompt: "ios or web users in Germany",
      members: (c) => (platform(c) === "ios" || platform(c) === "web") && country(c) === "Germany",
    },
    { prompt: "users outside Brazil and Japan", members: (c) => country(c) !== "Brazil" && country(c) !== "Japan" },
    { prompt: "family plan users", members: (c) => subscription(c) === "family" },
    { prompt: "users aged 50 or over", members: (c) => age(c) >= 50 },
    { prompt: "people younger than 30", members: (c) => age(c) < 30 },
    {
      prompt: "users with push enabled in India",
      members: (c) => f.attr(c, "push_enabled") === true && country(c) === "India",
    },
    { prompt: "opened the app at least 3 times in the last 2 weeks", members: (c) => appOpens(c, f.inLast(14)) >= 3 },
    { prompt: "did at least one workout this week", members: (c) => workouts(c, f.sinceDay(f.thisWeek)) >= 1 },
    { prompt: "completed more than 4 workouts", members: (c) => workouts(c) >= 5 },
    {
      prompt: "running workouts in the last month",
      members: (c) => workouts(c, (e) => e.properties.type === "running" && f.inLast(30)(e)) > 0,
    },
    {
      prompt: "users who did strength workouts over 45 minutes",
      members: (c) => workouts(c, (e) => e.properties.type === "strength" && Number(e.properties.minutes) > 45) > 0,
    },
    { prompt: "never opened the app", members: (c) => appOpens(c) === 0 },
    {
      prompt: "started a monthly subscription",
      members: (c) => f.events(c, "Subscription Started", (e) => e.properties.plan === "monthly") > 0,
    },
    {
      prompt: "earned an early bird badge",
      members: (c) => f.events(c, "Badge Earned", (e) => e.properties.badge === "early bird") > 0,
    },
    {
      prompt: "users who uninstalled the app but are on premium",
      members: (c) => f.events(c, "App Uninstalled") > 0 && subscription(c) === "premium",
    },
    { prompt: "gmail users on android", members: (c) => c.email.endsWith("@gmail.com") && platform(c) === "android" },
    { prompt: "phone numbers from Japan (+81)", members: (c) => (c.phone ?? "").startsWith("+81") },
    { prompt: "emails ending in .net", members: (c) => c.email.endsWith(".net") },
    { prompt: "inactive for 3 weeks", members: (c) => !f.anyEvent(c, f.inLast(21)) },
    { prompt: "active today", members: (c) => f.anyEvent(c, f.onDay(f.today)) },
    { prompt: "new signups in the last 2 weeks", members: (c) => f.createdIn(c, f.inLast(14)) },
    { prompt: "dormant premium users", members: (c) => subscription(c) === "premium" && !f.anyEvent(c, f.inLast(90)) },
    {
      prompt: "invited a friend since Monday",
      members: (c) => f.events(c, "Friend Invited", f.sinceDay(f.lastMonday)) > 0,
    },
    { prompt: "opened the app last week", members: (c) => appOpens(c, f.betweenDays(f.lastWeek, f.lastWeekEnd)) > 0 },
    { prompt: "didn't open the Weekly Digest", members: (c) => !f.opened(c, f.of("Weekly Digest")) },
    { prompt: "got the streak reminder text", members: (c) => f.receivedCampaign(c, "Streak Reminder") },
    {
      prompt: "received a WhatsApp message in the last 30 days",
      members: (c) => f.received(c, (r) => r.channel === "whatsapp" && f.inLast(30)(r)),
    },
    {
      prompt: "power users not in churn risk",
      members: (c) => c.segments.includes("Power Users") && !c.segments.includes("Churn Risk"),
    },
    {
      prompt: "hiya, need all the ios ppl who havent worked out in a month",
      members: (c) => platform(c) === "ios" && workouts(c, f.inLast(30)) === 0,
    },
    // Second batch.
    { prompt: "premium users on android", members: (c) => subscription(c) === "premium" && platform(c) === "android" },
    { prompt: "users who completed fewer than 2 workouts", members: (c) => workouts(c) <= 1 },
    { prompt: "people who opened the weekly digest", members: (c) => f.opened(c, f.of("Weekly Digest")) },
    { prompt: "users older than 60 in Brazil", members: (c) => age(c) > 60 && country(c) === "Brazil" },
    {
      prompt: "who earned a badge this month",
      members: (c) => f.events(c, "Badge Earned", f.sinceDay(f.thisMonth)) > 0,
    },
  ];
}
