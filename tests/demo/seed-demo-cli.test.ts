import { describe, expect, test } from "vitest";
import { action as login } from "#app/routes/login.tsx";
import { getDb } from "#db/database.ts";
import { runSeedDemo } from "#server/cli/seed-demo.ts";
import { createUser } from "../factories.ts";
import { formRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: { log: (l: string) => lines.push(l), error: (l: string) => errors.push(l) } };
}

describe("npm run seed:demo", () => {
  test("prints an email and password that sign in to the seeded demo team", async () => {
    const { lines, out } = capture();
    expect(await runSeedDemo(getDb(), ["--size", "40"], out)).toBe(0);
    const email = lines
      .find((l) => l.includes("Email:"))!
      .split(/\s+/)
      .at(-1)!;
    const password = lines
      .find((l) => l.includes("Password:"))!
      .split(/\s+/)
      .at(-1)!;
    expect(email).toMatch(/@example\.com$/);
    const signedIn = await respond(() =>
      login(routeArgs(formRequest("/login", { email, password, redirectTo: "/dashboard" }))),
    );
    expect(signedIn.status).toBe(302);
    const team = await getDb()
      .selectFrom("teams")
      .innerJoin("teamMembers", "teamMembers.teamId", "teams.id")
      .innerJoin("users", "users.id", "teamMembers.userId")
      .select(["teams.isDemo", "teams.id"])
      .where("users.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(team.isDemo).toBe(true);
    // The worker's step ran: the events are already in the rollups.
    const queued = await getDb().selectFrom("eventRollupQueue").select("id").where("teamId", "=", team.id).execute();
    expect(queued).toEqual([]);
  });

  test("--email adds the demo team to an existing person; bad arguments and unknown emails say why", async () => {
    const user = await createUser();
    const ok = capture();
    expect(await runSeedDemo(getDb(), ["--email", user.email.toUpperCase(), "--size", "20"], ok.out)).toBe(0);
    const teams = await getDb().selectFrom("teamMembers").select("teamId").where("userId", "=", user.userId).execute();
    expect(teams.length).toBe(2);

    const bad = capture();
    expect(await runSeedDemo(getDb(), ["--size", "lots"], bad.out)).toBe(2);
    expect(bad.errors.join("\n")).toContain("--size must be a whole number from 1 to 50000");
    const unknown = capture();
    expect(await runSeedDemo(getDb(), ["--email", "nobody@example.com"], unknown.out)).toBe(1);
    expect(unknown.errors).toEqual(["No account uses nobody@example.com."]);
  });
});
