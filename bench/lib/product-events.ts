// A realistic stream of product events: 50 event names with a long tail (a few
// are most of the traffic), a power law of activity per contact (a few people do
// most things), times spread over the last 90 days. Deterministic from a seed, so
// the baseline can insert exactly the events the API was sent.

const VERBS = [
  "Viewed",
  "Created",
  "Exported",
  "Shared",
  "Updated",
  "Deleted",
  "Opened",
  "Completed",
  "Started",
  "Invited",
];
const NOUNS = ["Report", "Dashboard", "Project", "Invoice", "Page"];
/** 50 names, most frequent first: "Report Viewed", "Dashboard Viewed", ... */
export const EVENT_NAMES = VERBS.flatMap((verb) => NOUNS.map((noun) => `${noun} ${verb}`));
const PLANS = ["free", "pro", "enterprise"];
const DAY_MS = 24 * 60 * 60 * 1000;

/** mulberry32: a tiny, fast, seedable generator; quality is plenty for a data set. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function userIdFor(contact: number): string {
  return `user-${contact}`;
}

export type ProductEvent = {
  contact: number;
  userId: string;
  event: string;
  properties: Record<string, unknown>;
  timestamp: string;
  messageId: string;
};

/**
 * Events `from` to `to - 1` of a stream over `contacts` people, ending at `now`.
 * Event i always has the same content and messageId.
 */
export function* productEvents(options: {
  contacts: number;
  from: number;
  to: number;
  now: number;
  seed?: number;
}): Generator<ProductEvent> {
  for (let i = options.from; i < options.to; i++) {
    const next = random((options.seed ?? 1) * 1_000_003 + i);
    // u^3 puts most activity on low-numbered contacts: a power law with a long tail of quiet people.
    const contact = Math.floor(options.contacts * next() ** 3);
    // Zipf-like over names: index ~ 50 * u^2.
    const name = EVENT_NAMES[Math.floor(EVENT_NAMES.length * next() ** 2)]!;
    const at = options.now - Math.floor(next() * 90 * DAY_MS);
    yield {
      contact,
      userId: userIdFor(contact),
      event: name,
      properties: {
        plan: PLANS[contact % 3],
        value: Math.round(next() * 1000) / 10,
        path: `/app/${name.split(" ")[0]!.toLowerCase()}`,
      },
      timestamp: new Date(at).toISOString(),
      messageId: `bench-${options.seed ?? 1}-${i}`,
    };
  }
}

/** What an SDK adds to every event. */
export const SDK_CONTEXT = { library: { name: "@segment/analytics-node", version: "3.1.0" } };
