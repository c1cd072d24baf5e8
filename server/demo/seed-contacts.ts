import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { demoRandom, pickFrom } from "./demo-random.ts";
import { COMPANIES, COUNTRIES, FIRST_NAMES, LAST_NAMES, PLANS, SIGNUP_SOURCES } from "./demo-product.ts";

/** Contacts arrive over this many days, so the dashboard's growth figures have a past to compare with. */
const ARRIVAL_DAYS = 180;
/** North American area codes used with the fictional 555-01XX numbers. */
const AREA_CODES = ["212", "312", "415", "512", "617", "206"];

export type SeedOptions = { teamId: string; seed: number; size: number; now: Date };

/**
 * Inserts `size` contacts in one statement: names, emails on reserved domains only
 * (example.com, .org, .net), about 60 % with a phone in a fictional range, a userId
 * (`usr_000001`…) that product events name them by, custom attributes (plan, country,
 * company, signup source, seats), and arrival times over the last 180 days.
 * A few have unsubscribed from email. Row n is the same for the same seed.
 */
export async function seedContacts(db: Database, options: SeedOptions): Promise<void> {
  const { teamId, seed, size, now } = options;
  const n = sql`g.n`;
  const r = (key: string) => demoRandom(seed, key, n);
  const plan = sql`case when ${r("plan")} < ${PLANS.free} then 'free'
    when ${r("plan")} < ${PLANS.free + PLANS.pro} then 'pro' else 'team' end`;
  const phone = sql`case when ${r("phone")} >= 0.6 then null
    when n % 2 = 0 then '+447700900' || lpad((n % 1000)::text, 3, '0')
    else '+1' || ${pickFrom(AREA_CODES, r("area"))} || '55501' || lpad((n % 100)::text, 2, '0') end`;
  await sql`
    insert into contacts (id, team_id, email, name, phone, external_id, attributes, email_status, created_at, updated_at)
    select md5(${teamId}::text || ':contact:' || n)::uuid, ${teamId}, lower(first || '.' || last) || n || '@example.'
        || (array['com', 'org', 'net'])[1 + n % 3], first || ' ' || last, ${phone}, 'usr_' || lpad(n::text, 6, '0'),
      jsonb_build_object('plan', ${plan}, 'country', ${pickFrom(COUNTRIES, r("country"))},
        'company', ${pickFrom(COMPANIES, r("company"))}, 'signupSource', ${pickFrom(SIGNUP_SOURCES, r("source"))},
        'seats', 1 + floor(${r("seats")} * 12)::int),
      case when ${r("unsubscribed")} < 0.03 then 'unsubscribed' else 'subscribed' end,
      arrived, arrived
    from generate_series(1, ${size}::int) as g(n)
    cross join lateral (select ${pickFrom(FIRST_NAMES, r("first"))} as first, ${pickFrom(LAST_NAMES, r("last"))} as last,
      ${now}::timestamptz - make_interval(secs => ${r("arrived")} * ${ARRIVAL_DAYS * 86400}) as arrived) as person
  `.execute(db);
}
