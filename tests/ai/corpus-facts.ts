import type { Seed, SeedContact, SeedEvent } from "./corpus-seed.ts";

/*
 * The plain questions a corpus asks of a seeded contact ("how many orders in
 * the last 30 days?", "did they open that campaign?"), so each expected
 * audience reads as one line. Days are UTC days: the corpus teams keep UTC.
 */

const DAY = 86_400_000;

export type Engagement = SeedContact["engagement"][number];

export function factsOf(seed: Seed) {
  const { now } = seed;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const today = day(now);
  const daysAgo = (n: number) => day(new Date(now.getTime() - n * DAY));
  const weekday = (now.getUTCDay() + 6) % 7;
  const thisWeek = daysAgo(weekday);
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
  const lastMonth = `${lastMonthEnd.slice(0, 7)}-01`;
  const lastWeek = daysAgo(weekday + 7);
  const lastWeekEnd = daysAgo(weekday + 1);
  // The latest quarter that has begun: Q3 in November is this year's, in February last year's.
  const quarter = (q: number) => {
    const year = now.getUTCMonth() >= (q - 1) * 3 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
    const from = day(new Date(Date.UTC(year, (q - 1) * 3, 1)));
    const to = day(new Date(Date.UTC(year, q * 3, 0)));
    return { from, to };
  };
  // The latest Monday that is not after today ("since Monday").
  const lastMonday = daysAgo(weekday);

  const inLast = (days: number) => (e: { at: Date }) => e.at.getTime() >= now.getTime() - days * DAY;
  const sinceDay = (from: string) => (e: { at: Date }) => day(e.at) >= from;
  const onDay = (which: string) => (e: { at: Date }) => day(e.at) === which;
  const betweenDays = (from: string, to: string) => (e: { at: Date }) => day(e.at) >= from && day(e.at) <= to;
  const events = (c: SeedContact, name: string, where: (e: SeedEvent) => boolean = () => true) =>
    c.events.filter((e) => e.name === name && where(e)).length;
  const anyEvent = (c: SeedContact, where: (e: SeedEvent) => boolean = () => true) => c.events.some(where);
  const attr = (c: SeedContact, key: string) => c.attributes[key];
  const num = (c: SeedContact, key: string) => Number(c.attributes[key]);
  const received = (c: SeedContact, where: (r: SeedContact["received"][number]) => boolean = () => true) =>
    c.received.some(where);
  const receivedCampaign = (c: SeedContact, campaign: string) => c.received.some((r) => r.campaign === campaign);
  // Only people count: a click is also an open (as in the campaign analytics); bot_ hits are scanners.
  const opened = (c: SeedContact, where: (e: Engagement) => boolean = () => true) =>
    c.engagement.some((e) => (e.kind === "open" || e.kind === "click") && where(e));
  const clicked = (c: SeedContact, where: (e: Engagement) => boolean = () => true) =>
    c.engagement.some((e) => e.kind === "click" && where(e));
  const of = (campaign: string) => (e: Engagement) => e.campaign === campaign;
  const createdIn = (c: SeedContact, where: (e: { at: Date }) => boolean) => where({ at: c.createdAt });
  const lastCampaign = [...seed.campaigns]
    .filter((c) => c.sentAt)
    .sort((a, b) => b.sentAt!.getTime() - a.sentAt!.getTime())[0]!.name;
  const lastEmail = [...seed.campaigns]
    .filter((c) => c.sentAt && c.channel === "email")
    .sort((a, b) => b.sentAt!.getTime() - a.sentAt!.getTime())[0]!.name;

  return {
    now,
    day,
    today,
    daysAgo,
    thisWeek,
    thisMonth,
    lastMonth,
    lastMonthEnd,
    lastWeek,
    lastWeekEnd,
    lastMonday,
    quarter,
    inLast,
    sinceDay,
    onDay,
    betweenDays,
    events,
    anyEvent,
    attr,
    num,
    received,
    receivedCampaign,
    opened,
    clicked,
    of,
    createdIn,
    lastCampaign,
    lastEmail,
  };
}
