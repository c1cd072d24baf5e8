import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { generateSegment } from "#server/ai/generate.ts";
import { createUser } from "../factories.ts";

// Time phrases are read in the team's time zone. At 03:00 UTC on Monday
// 23 November 2026 it is still Sunday 22 November, 19:00, in Los Angeles.
const NOW = new Date("2026-11-23T03:00:00Z");

let teamId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ teamId } = await createUser());
  await getDb().updateTable("teams").set({ timeZone: "America/Los_Angeles" }).where("id", "=", teamId).execute();
  const logins: Record<string, string> = {
    // Friday 20 Nov, 04:00 in Los Angeles: this week there; last week in UTC.
    friday: "2026-11-20T12:00:00Z",
    // Saturday 21 Nov, 02:00 there: yesterday there; two days ago in UTC.
    saturdayEarly: "2026-11-21T10:00:00Z",
    // Saturday 21 Nov, 21:00 there: yesterday there; Sunday 22 Nov in UTC.
    saturdayLate: "2026-11-22T05:00:00Z",
    // Sunday 22 Nov, 02:00 there: today there; also Sunday in UTC.
    sunday: "2026-11-22T10:00:00Z",
  };
  for (const [name, at] of Object.entries(logins)) {
    ids[name] = newId();
    await getDb()
      .insertInto("contacts")
      .values({ id: ids[name]!, teamId, name, email: `${name}@example.com`, createdAt: new Date(at) })
      .execute();
    await getDb()
      .insertInto("events")
      .values({
        id: newId(),
        teamId,
        contactId: ids[name]!,
        type: "track",
        name: "Logged In",
        userId: name,
        properties: "{}",
        messageId: newId(),
        occurredAt: new Date(at),
      })
      .execute();
  }
  await getDb().insertInto("eventNames").values({ teamId, name: "Logged In" }).execute();
});

async function membersFor(prompt: string) {
  const result = await generateSegment(getDb(), { teamId, prompt, model: null, now: NOW });
  expect(result.unsupported).toEqual([]);
  return { names: result.sample.map((c) => c.name).sort(), explanation: result.explanation };
}

describe("time phrases in a team's time zone", () => {
  test("yesterday, today and this week are the team's days, not UTC days", async () => {
    expect((await membersFor("logged in yesterday")).names).toEqual(["saturdayEarly", "saturdayLate"]);
    expect((await membersFor("logged in today")).names).toEqual(["sunday"]);
    // Weeks start on Monday: in Los Angeles it is still the week of Monday 16 November.
    expect((await membersFor("logged in this week")).names).toEqual([
      "friday",
      "saturdayEarly",
      "saturdayLate",
      "sunday",
    ]);
  });

  test("the explanation shows the team's midnights, and the created date reads the same way", async () => {
    const { explanation } = await membersFor("logged in yesterday");
    expect(explanation).toContain("between 21 Nov 2026 00:00 UTC-08:00 and 22 Nov 2026 00:00 UTC-08:00");
    expect((await membersFor("contacts created yesterday")).names).toEqual(["saturdayEarly", "saturdayLate"]);
  });

  test("'since Monday', 'active today' and 'new signups this week' are the team's days too", async () => {
    // In Los Angeles the latest Monday is 16 November; in UTC it would be today, 23 November.
    expect((await membersFor("logged in since Monday")).names).toEqual([
      "friday",
      "saturdayEarly",
      "saturdayLate",
      "sunday",
    ]);
    expect((await membersFor("active today")).names).toEqual(["sunday"]);
    expect((await membersFor("new signups this week")).names).toEqual([
      "friday",
      "saturdayEarly",
      "saturdayLate",
      "sunday",
    ]);
  });
});
