import type { CorpusCase } from "./corpus.ts";
import { factsOf } from "./corpus-facts.ts";
import type { Seed, SeedContact, SeedEvent } from "./corpus-seed.ts";

/*
 * The online shop's corpus (corpus-seed-shop.ts): what its marketers type and
 * who they mean, as predicates over the seeded facts. Terse, chatty and
 * misspelt voices on purpose. Tuned on: the held-out prompts are elsewhere
 * (corpus-held-out.ts).
 */

export function shopCorpus(seed: Seed): CorpusCase[] {
  const f = factsOf(seed);
  const tier = (c: SeedContact) => f.attr(c, "loyalty_tier");
  const country = (c: SeedContact) => f.attr(c, "country");
  const points = (c: SeedContact) => f.num(c, "points");
  const orders = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "Order Placed", where);
  const views = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "Product Viewed", where);
  const reviews = (c: SeedContact, where?: (e: SeedEvent) => boolean) => f.events(c, "Review Submitted", where);
  const q3 = f.quarter(3);
  return [
    // Attributes
    { prompt: "gold tier customers", members: (c) => tier(c) === "gold" },
    { prompt: "platinum or gold members", members: (c) => tier(c) === "platinum" || tier(c) === "gold" },
    { prompt: "loyalty tier is not bronze", members: (c) => tier(c) !== "bronze" },
    { prompt: "silver shoppers", members: (c) => tier(c) === "silver" },
    { prompt: "customers in the UK", members: (c) => country(c) === "United Kingdom" },
    { prompt: "shoppers outside the US", members: (c) => country(c) !== "United States" },
    {
      prompt: "customers from Canada or Australia",
      members: (c) => country(c) === "Canada" || country(c) === "Australia",
    },
    { prompt: "everyone but German customers", members: (c) => country(c) !== "Germany" },
    { prompt: "canadian shoppers", members: (c) => country(c) === "Canada" },
    { prompt: "points over 1000", members: (c) => points(c) > 1000 },
    { prompt: "more than 2000 loyalty points", members: (c) => points(c) > 2000 },
    { prompt: "fewer than 100 points", members: (c) => points(c) < 100 },
    { prompt: "points between 500 and 1500", members: (c) => points(c) >= 500 && points(c) <= 1500 },
    { prompt: "favorite department is home", members: (c) => f.attr(c, "favorite_department") === "home" },
    { prompt: "customers who accept marketing", members: (c) => f.attr(c, "accepts_marketing") === true },
    { prompt: "female shoppers", members: (c) => f.attr(c, "gender") === "female" },
    { prompt: "customers in London", members: (c) => f.attr(c, "city") === "London" },
    { prompt: "customers without a city", members: (c) => f.attr(c, "city") === undefined },
    {
      prompt: "gold customers outside the UK with more than 3 orders",
      members: (c) => tier(c) === "gold" && country(c) !== "United Kingdom" && orders(c) >= 4,
    },

    // Contact fields
    { prompt: "gmail addresses", members: (c) => c.email.endsWith("@gmail.com") },
    { prompt: "emails ending in .edu", members: (c) => c.email.endsWith(".edu") },
    { prompt: "yahoo users", members: (c) => c.email.endsWith("@yahoo.com") },
    { prompt: "names starting with A", members: (c) => (c.name ?? "").toLowerCase().startsWith("a") },
    { prompt: "phone numbers from the UK (+44)", members: (c) => (c.phone ?? "").startsWith("+44") },
    { prompt: "customers with a phone number starting with +1", members: (c) => (c.phone ?? "").startsWith("+1") },
    { prompt: "no phone number", members: (c) => c.phone === null },
    { prompt: "can receive SMS", members: (c) => c.phone !== null && c.smsStatus === "subscribed" },
    { prompt: "unsubscribed from email", members: (c) => c.emailStatus === "unsubscribed" },

    // Orders and other events
    { prompt: "placed an order", members: (c) => orders(c) > 0 },
    { prompt: "completed at least 2 orders", members: (c) => orders(c) >= 2 },
    { prompt: "placed at least one order", members: (c) => orders(c) >= 1 },
    { prompt: "ordered more than twice", members: (c) => orders(c) >= 3 },
    { prompt: "ordered a couple of times", members: (c) => orders(c) >= 2 },
    { prompt: "bought exactly once", members: (c) => orders(c) === 1 },
    { prompt: "never ordered", members: (c) => orders(c) === 0 },
    { prompt: "customers with no orders", members: (c) => orders(c) === 0 },
    { prompt: "customers who made 2 purchases", members: (c) => orders(c) >= 2 },
    { prompt: "3 or more orders in the last 90 days", members: (c) => orders(c, f.inLast(90)) >= 3 },
    { prompt: "orders over $200", members: (c) => orders(c, (e) => Number(e.properties.total) > 200) > 0 },
    {
      prompt: "placed an order with a total over 100",
      members: (c) => orders(c, (e) => Number(e.properties.total) > 100) > 0,
    },
    { prompt: "used the coupon SUMMER20", members: (c) => orders(c, (e) => e.properties.coupon === "SUMMER20") > 0 },
    { prompt: "paid with paypal", members: (c) => orders(c, (e) => e.properties.payment === "paypal") > 0 },
    { prompt: "bought with apple pay", members: (c) => orders(c, (e) => e.properties.payment === "apple pay") > 0 },
    { prompt: "added to cart but never ordered", members: (c) => f.events(c, "Added To Cart") > 0 && orders(c) === 0 },
    { prompt: "started checkout in the last 7 days", members: (c) => f.events(c, "Checkout Started", f.inLast(7)) > 0 },
    { prompt: "viewed Nike products", members: (c) => views(c, (e) => e.properties.brand === "Nike") > 0 },
    {
      prompt: "viewed kids items this month",
      members: (c) => views(c, (e) => e.properties.category === "kids" && f.sinceDay(f.thisMonth)(e)) > 0,
    },
    { prompt: "got a refund", members: (c) => f.events(c, "Order Refunded") > 0 },
    {
      prompt: "refunded because of wrong size",
      members: (c) => f.events(c, "Order Refunded", (e) => e.properties.reason === "wrong size") > 0,
    },
    { prompt: "left a review", members: (c) => reviews(c) > 0 },
    {
      prompt: "submitted a review with a rating of 5",
      members: (c) => reviews(c, (e) => e.properties.rating === 5) > 0,
    },
    { prompt: "reviews with rating below 3", members: (c) => reviews(c, (e) => Number(e.properties.rating) < 3) > 0 },
    { prompt: "added something to their wishlist", members: (c) => f.events(c, "Wishlist Added") > 0 },
    { prompt: "bronze members who never left a review", members: (c) => tier(c) === "bronze" && reviews(c) === 0 },
    { prompt: "anyone who hasnt ordered in 3 months", members: (c) => orders(c, f.inLast(90)) === 0 },

    // Activity and time
    { prompt: "inactive for 60 days", members: (c) => !f.anyEvent(c, f.inLast(60)) },
    { prompt: "active this week", members: (c) => f.anyEvent(c, f.sinceDay(f.thisWeek)) },
    { prompt: "new signups this month", members: (c) => f.createdIn(c, f.sinceDay(f.thisMonth)) },
    { prompt: "dormant customers", members: (c) => !f.anyEvent(c, f.inLast(90)) },
    { prompt: "engaged shoppers", members: (c) => f.opened(c, f.inLast(30)) },
    { prompt: "joined last month", members: (c) => f.createdIn(c, f.betweenDays(f.lastMonth, f.lastMonthEnd)) },
    { prompt: "ordered yesterday", members: (c) => orders(c, f.onDay(f.daysAgo(1))) > 0 },
    { prompt: "ordered since Monday", members: (c) => orders(c, f.sinceDay(f.lastMonday)) > 0 },
    { prompt: "ordered in Q3", members: (c) => orders(c, f.betweenDays(q3.from, q3.to)) > 0 },
    { prompt: "bought something over the past fortnight", members: (c) => orders(c, f.inLast(14)) > 0 },
    { prompt: "viewed products last week", members: (c) => views(c, f.betweenDays(f.lastWeek, f.lastWeekEnd)) > 0 },

    // Campaigns and segments
    { prompt: "didn't open the last campaign", members: (c) => !f.opened(c, f.of(f.lastCampaign)) },
    { prompt: "clicked the Spring launch email", members: (c) => f.clicked(c, f.of("Spring Launch")) },
    {
      prompt: "received any SMS in the last 2 weeks",
      members: (c) => f.received(c, (r) => r.channel === "sms" && f.inLast(14)(r)),
    },
    { prompt: "got the flash sale text", members: (c) => f.receivedCampaign(c, "Flash Sale Text") },
    {
      prompt: "opened the Summer Sale email but didn't buy",
      members: (c) => f.opened(c, f.of("Summer Sale")) && orders(c) === 0,
    },
    { prompt: "did not receive Back In Stock", members: (c) => !f.receivedCampaign(c, "Back In Stock") },
    { prompt: "in Loyal Shoppers", members: (c) => c.segments.includes("Loyal Shoppers") },
    { prompt: "not in the wholesale segment", members: (c) => !c.segments.includes("Wholesale") },
    { prompt: "everyone except Wholesale", members: (c) => !c.segments.includes("Wholesale") },

    // Chatty and misspelt
    {
      prompt: "hey can you find me all the platinum folks in the US who bought stuff in the last month",
      members: (c) => tier(c) === "platinum" && country(c) === "United States" && orders(c, f.inLast(30)) > 0,
    },
    { prompt: "custmers in germnay", members: (c) => country(c) === "Germany" },
    {
      prompt: "basically just the gold tier ppl who left a review",
      members: (c) => tier(c) === "gold" && reviews(c) > 0,
    },

    // Written after the first round of changes, to check they were general.
    { prompt: "customers who haven't bought in 60 days", members: (c) => orders(c, f.inLast(60)) === 0 },
    { prompt: "shoppers who did not leave a review", members: (c) => reviews(c) === 0 },
    { prompt: "customers excluding platinum", members: (c) => tier(c) !== "platinum" },
    {
      prompt: "added kids items to their wishlist",
      members: (c) => f.events(c, "Wishlist Added", (e) => e.properties.category === "kids") > 0,
    },
    { prompt: "inactive customers", members: (c) => !f.anyEvent(c, f.inLast(30)) },
    {
      prompt: "yahoo or gmail addresses",
      members: (c) => c.email.endsWith("@yahoo.com") || c.email.endsWith("@gmail.com"),
    },
    { prompt: "did not open any email in the past 30 days", members: (c) => !f.opened(c, f.inLast(30)) },
    { prompt: "clicked anything in the last 3 weeks", members: (c) => f.clicked(c, f.inLast(21)) },

    // A third round, after the second held-out batch.
    { prompt: "everyone not in the UK", members: (c) => country(c) !== "United Kingdom" },
    { prompt: "placed 3 or more orders", members: (c) => orders(c) >= 3 },
    { prompt: "customers with only one order", members: (c) => orders(c) === 1 },
    {
      prompt: "viewed men's products in the last week",
      members: (c) => views(c, (e) => e.properties.category === "men" && f.inLast(7)(e)) > 0,
    },
    {
      prompt: "paid by paypal this year",
      members: (c) =>
        orders(c, (e) => e.properties.payment === "paypal" && f.sinceDay(`${f.today.slice(0, 4)}-01-01`)(e)) > 0,
    },
    { prompt: "orders with more than 3 items", members: (c) => orders(c, (e) => Number(e.properties.items) > 3) > 0 },
    {
      prompt: "customers who started checkout but never ordered",
      members: (c) => f.events(c, "Checkout Started") > 0 && orders(c) === 0,
    },
    { prompt: "gold members with at least 1500 points", members: (c) => tier(c) === "gold" && points(c) >= 1500 },
    { prompt: "customers whose city is Berlin", members: (c) => f.attr(c, "city") === "Berlin" },
    { prompt: "emails from yahoo", members: (c) => c.email.endsWith("@yahoo.com") },
    { prompt: "numbers starting with +61", members: (c) => (c.phone ?? "").startsWith("+61") },
    {
      prompt: "inactive shoppers in the US",
      members: (c) => !f.anyEvent(c, f.inLast(30)) && country(c) === "United States",
    },
    { prompt: "new signups last month", members: (c) => f.createdIn(c, f.betweenDays(f.lastMonth, f.lastMonthEnd)) },
  ];
}
