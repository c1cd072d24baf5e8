import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import * as usagePage from "#app/routes/dashboard/settings-usage.tsx";
import { getDb } from "#db/database.ts";
import { parseEnv } from "#server/env.ts";
import { ingestMessages } from "#server/events/ingest.ts";
import { parseTrackingBody } from "#server/events/messages.ts";
import { usageLimitsFromEnv } from "#server/usage/limits.ts";
import { readTeamUsage } from "#server/usage/read-usage.ts";
import { rollUpEvents } from "../analytics/roll-up.ts";
import { addContacts, sendQueues } from "../delivery/fixtures.ts";
import { campaignWithOutcomes } from "../delivery/outcomes-fixture.ts";
import { createUser } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { getRequest } from "../requests.ts";

const queues = sendQueues();
const NO_LIMITS = usageLimitsFromEnv({});

/** Tracked events at these instants, stored and rolled up as the worker would. */
async function trackAt(teamId: string, instants: string[]) {
  const receivedAt = new Date("2026-03-20T00:00:00Z");
  const body = JSON.stringify({
    batch: instants.map((timestamp, i) => ({ type: "track", userId: `u${i}`, event: "Signed In", timestamp })),
  });
  const messages = parseTrackingBody(body, "batch", receivedAt);
  await ingestMessages(getDb(), { teamId, keyKind: "server", messages, receivedAt });
  await rollUpEvents();
}

describe("a team's usage", () => {
  test("events this month are the team's calendar month in its time zone, and only the team's", async () => {
    const { teamId } = await createUser();
    const other = await createUser();
    await getDb().updateTable("teams").set({ timeZone: "America/New_York" }).where("id", "=", teamId).execute();
    await trackAt(teamId, [
      "2026-03-01T04:30:00Z", // 23:30 on 28 February in New York: last month
      "2026-03-01T05:30:00Z", // 00:30 on 1 March in New York
      "2026-03-10T12:00:00Z",
    ]);
    await trackAt(other.teamId, ["2026-03-10T12:00:00Z"]);
    const usage = await readTeamUsage(getDb(), { teamId, limits: NO_LIMITS, now: new Date("2026-03-15T12:00:00Z") });
    expect(usage.monthStart).toBe("2026-03-01");
    expect(usage.timeZone).toBe("America/New_York");
    expect(usage.eventsThisMonth).toEqual({ used: 2, limit: null });
  });

  test("messages sent this month per channel match the delivery ledger; contacts are the team's", async () => {
    const { teamId } = await createUser();
    const { campaign } = await campaignWithOutcomes(queues, teamId);
    const { sent } = await getDb()
      .selectFrom("deliveries")
      .select((eb) => eb.fn.countAll<string>().as("sent"))
      .where("campaignId", "=", campaign.id)
      .where("sentAt", "is not", null)
      .executeTakeFirstOrThrow();
    const limits = usageLimitsFromEnv({ MURMUR_LIMIT_EMAILS_PER_MONTH: "1000", MURMUR_LIMIT_CONTACTS: "50" });
    const usage = await readTeamUsage(getDb(), { teamId, limits });
    expect(Number(sent)).toBeGreaterThan(0);
    expect(usage.messagesThisMonth.EMAIL).toEqual({ used: Number(sent), limit: 1000 });
    expect(usage.messagesThisMonth.SMS).toEqual({ used: 0, limit: null });
    // Seven recipients, one deleted before its message went.
    expect(usage.contacts).toEqual({ used: 6, limit: 50 });
  });

  test("storage is estimated from the team's rows: none for an empty team, and more for more contacts", async () => {
    const empty = await createUser();
    const few = await createUser();
    const many = await createUser();
    await addContacts(few.teamId, [{ email: "a@murmur.test" }]);
    await addContacts(
      many.teamId,
      Array.from({ length: 40 }, (_, i) => ({ email: `p${i}@murmur.test` })),
    );
    const read = async (teamId: string) =>
      (await readTeamUsage(getDb(), { teamId, limits: NO_LIMITS })).storageBytes.used;
    expect(await read(empty.teamId)).toBe(0);
    const one = await read(few.teamId);
    expect(one).toBeGreaterThan(0);
    expect(await read(many.teamId)).toBeCloseTo(one * 40, -1);
  });

  test("a team's events count toward its storage, sized from the month partitions that hold them", async () => {
    const { teamId } = await createUser();
    const read = async () => (await readTeamUsage(getDb(), { teamId, limits: NO_LIMITS })).storageBytes.used;
    expect(await read()).toBe(0);
    await trackAt(
      teamId,
      Array.from({ length: 20 }, (_, i) => `2026-03-${String(1 + i).padStart(2, "0")}T12:00:00Z`),
    );
    // The planner's row counts, which the estimate divides sizes by, as autovacuum would leave them.
    await sql`analyze events`.execute(getDb());

    expect(await read()).toBeGreaterThan(0);
  });
});

describe("the operator's limits", () => {
  test("are read from MURMUR_LIMIT_*, storage in megabytes", () => {
    expect(
      usageLimitsFromEnv({
        MURMUR_LIMIT_CONTACTS: "10000",
        MURMUR_LIMIT_EVENTS_PER_MONTH: "1000000",
        MURMUR_LIMIT_SMS_PER_MONTH: "500",
        MURMUR_LIMIT_STORAGE_MB: "2",
      }),
    ).toEqual({
      contacts: 10000,
      eventsPerMonth: 1000000,
      messagesPerMonth: { EMAIL: null, SMS: 500, WHATSAPP: null },
      storageBytes: 2 * 1024 * 1024,
    });
  });

  test.each(["lots", "0", "2.5", "-1"])("a limit of %s stops the start, naming the variable", (value) => {
    expect(() => parseEnv({ MURMUR_LIMIT_CONTACTS: value })).toThrow(
      /MURMUR_LIMIT_CONTACTS: must be a whole number, 1 or more/,
    );
  });
});

describe("the Usage page", () => {
  test("shows each figure against its limit, or that none is set, and says storage is an estimate", async () => {
    const { teamId } = await createUser();
    await addContacts(teamId, [{ email: "a@murmur.test" }, { email: "b@murmur.test" }, { email: "c@murmur.test" }]);
    const limits = usageLimitsFromEnv({ MURMUR_LIMIT_CONTACTS: "1000", MURMUR_LIMIT_EMAILS_PER_MONTH: "2" });
    const { text } = await renderPage("/dashboard/settings/usage", usagePage as never, () =>
      readTeamUsage(getDb(), { teamId, limits }),
    );
    expect(text).toContain("Usage");
    expect(text).toMatch(/Contacts 3 of 1,000 \(0%\)/);
    expect(text).toMatch(/Emails sent 0 of 2 \(0%\)/);
    expect(text).toMatch(/SMS sent 0 No limit set/);
    expect(text).toContain("Storage is an estimate");
  });

  test("a visitor without a session is sent to sign in", async () => {
    const response = await serveDashboard(usagePage.loader as never, getRequest("/dashboard/settings/usage"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  test("a signed-in member sees their own team's figures", async () => {
    const user = await signedIn();
    await addContacts(user.teamId, [{ email: "mine@murmur.test" }]);
    const response = await serveDashboard(
      usagePage.loader as never,
      getRequest("/dashboard/settings/usage", user.cookie),
    );
    expect(response.status).toBe(200);
    const usage = (await response.json()) as { contacts: { used: number } };
    expect(usage.contacts.used).toBe(1);
  });
});
