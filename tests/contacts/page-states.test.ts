import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import * as contactsApi from "#app/routes/api/contacts.ts";
import * as contactsRoute from "#app/routes/dashboard/contacts.tsx";
import * as segmentsRoute from "#app/routes/dashboard/segments.tsx";
import { getDb } from "#db/database.ts";
import { newIds } from "#db/ids.ts";
import { findSession } from "#server/auth/sessions.ts";
import { sessionContext } from "#app/http/context.ts";
import { signedIn } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

// What the Contacts and Segments pages show when their data cannot be read, and
// how a total that was only counted up to 1,000 is said, on the page and in the API.

/** The session the layout's middleware would find for this signed-in user. */
async function sessionOf(user: { token: string }) {
  return (await findSession(getDb(), user.token))!;
}

/** Calls a dashboard loader as the layout's middleware leaves it: the session in the context. */
function loaderOf(
  loader: (args: never) => unknown,
  path: string,
  session: NonNullable<Awaited<ReturnType<typeof findSession>>>,
) {
  return async () => {
    const args = routeArgs(getRequest(path));
    args.context.set(sessionContext, session);
    return loader(args as never);
  };
}

/** The database failing for one request: the table the page reads is away while it renders. */
async function withTableAway<T>(table: string, run: () => Promise<T>): Promise<T> {
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(getDb());
  try {
    return await run();
  } finally {
    await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(getDb());
  }
}

describe("when the data cannot be read", () => {
  test("the Contacts page says 'Failed to load contacts.' with a way to try again", async () => {
    const session = await sessionOf(await signedIn());
    const path = "/dashboard/contacts";
    const page = await withTableAway("contacts", () =>
      renderPage(path, contactsRoute, loaderOf(contactsRoute.loader, path, session)),
    );
    expect(page.status).toBe(500);
    expect(page.text).toContain("Failed to load contacts.");
    expect(page.html).toMatch(/role="alert"/);
    expect(page.text).toContain("Try again");
    expect(page.text).not.toContain("No contacts match your filters.");

    const again = await renderPage(path, contactsRoute, loaderOf(contactsRoute.loader, path, session));
    expect(again.status).toBe(200);
    expect(again.text).toContain("No contacts match your filters.");
  });

  test("the Segments page says 'Failed to load segments.'", async () => {
    const session = await sessionOf(await signedIn());
    const path = "/dashboard/segments";
    const page = await withTableAway("segments", () =>
      renderPage(path, segmentsRoute, loaderOf(segmentsRoute.loader, path, session)),
    );
    expect(page.status).toBe(500);
    expect(page.text).toContain("Failed to load segments.");
    expect(page.text).not.toContain("No segments yet.");

    const again = await renderPage(path, segmentsRoute, loaderOf(segmentsRoute.loader, path, session));
    expect(again.text).toContain("No segments yet. Create your first segment to get started.");
  });
});

describe("a total counted only up to 1,000", () => {
  test("a filtered total over 1,000 is shown as '1,000+' and said in words; the unfiltered one is exact", async () => {
    const user = await signedIn();
    const session = await sessionOf(user);
    const ids = newIds(1_001);
    await getDb()
      .insertInto("contacts")
      .values(
        ids.map((id, i) => ({
          id,
          teamId: user.teamId,
          email: `p${i}@example.com`,
          phone: `+1415555${String(i).padStart(4, "0")}`,
        })),
      )
      .execute();

    const filtered = "/dashboard/contacts?hasPhone=yes";
    const capped = await renderPage(filtered, contactsRoute, loaderOf(contactsRoute.loader, filtered, session));
    expect(capped.text).toContain("1,000+ contacts · searches and filters count up to 1,000");

    const all = "/dashboard/contacts";
    const exact = await renderPage(all, contactsRoute, loaderOf(contactsRoute.loader, all, session));
    expect(exact.text).toContain("1,001 contacts");
    expect(exact.text).not.toContain("count up to");

    const api = async (query: string) =>
      (
        await respond(() => contactsApi.loader(routeArgs(getRequest(`/api/contacts${query}`, bearer(user.token)))))
      ).json();
    expect(await api("?hasPhone=yes&limit=1")).toMatchObject({ total: 1_000, totalCapped: true, totalIsExact: false });
    expect(await api("?search=example&limit=1")).toMatchObject({
      total: 1_000,
      totalCapped: true,
      totalIsExact: false,
    });
    expect(await api("?limit=1")).toMatchObject({ total: 1_001, totalCapped: false, totalIsExact: true });
    expect(await api("?search=p1000%40&limit=1")).toMatchObject({ total: 1, totalIsExact: true });
  });
});
