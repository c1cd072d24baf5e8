import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import * as searchPage from "#app/routes/dashboard/search.tsx";
import * as searchResults from "#app/routes/dashboard/search-results.ts";
import { sessionContext } from "#app/http/context.ts";
import { getDb } from "#db/database.ts";
import { findSession } from "#server/auth/sessions.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { indexQueuedContacts } from "#server/contacts/search-index.ts";
import { createSegment } from "#server/segments/segments.ts";
import { createSignedInUser } from "../factories.ts";
import { renderPage } from "../render-route.ts";
import { bearer, getRequest, jsonRequest, sessionCookieHeader } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

// The top bar's search as the browser sees it: the JSON the box asks for as you
// type, and the page its form shows without JavaScript.

type Hit = { title: string; detail: string; href: string };
type Results = { contacts: Hit[]; segments: Hit[]; campaigns: Hit[]; pages: Hit[] };

async function seedTeam(names: {
  contact: string;
  email: string;
  phone?: string;
  segment: string;
  campaign: string;
  subject?: string;
}) {
  const user = await createSignedInUser();
  const contacts = [{ name: names.contact, email: names.email, phone: names.phone }];
  const imported = await respond(() =>
    importContacts(routeArgs(jsonRequest("/api/contacts/import", { contacts }, { headers: bearer(user.token) }))),
  );
  expect(imported.status).toBe(200);
  await createSegment(getDb(), { access: await ownerAccess(user.teamId), name: names.segment });
  await createCampaign(getDb(), {
    access: await ownerAccess(user.teamId),
    input: { name: names.campaign, type: "EMAIL", segmentIds: [], subject: names.subject },
  });
  return user;
}

async function typeInSearch(token: string, q: string) {
  const request = getRequest(`/dashboard/search/results?q=${encodeURIComponent(q)}`, {
    Cookie: await sessionCookieHeader(token),
  });
  return serveDashboard(searchResults.loader as never, request);
}

async function found(token: string, q: string): Promise<Results> {
  const response = await typeInSearch(token, q);
  expect(response.status).toBe(200);
  return (await response.json()) as Results;
}

const titles = (hits: Hit[]) => hits.map((hit) => hit.title);

describe("the top bar search", () => {
  test("finds each kind by prefix and substring, whatever the case and accents", async () => {
    const user = await seedTeam({
      contact: "Zoë Brontë",
      email: "zoe.bronte@example.com",
      phone: "+33612345678",
      segment: "Clients FIDÈLES",
      campaign: "Soirée d'ÉTÉ",
      subject: "Café offert",
    });

    expect(titles((await found(user.token, "ZOE")).contacts)).toEqual(["Zoë Brontë"]);
    expect(titles((await found(user.token, "bRONTE")).contacts)).toEqual(["Zoë Brontë"]);
    expect(titles((await found(user.token, "12345")).contacts)).toEqual(["Zoë Brontë"]);
    expect(titles((await found(user.token, "Fideles")).segments)).toEqual(["Clients FIDÈLES"]);
    expect(titles((await found(user.token, "fidèles")).segments)).toEqual(["Clients FIDÈLES"]);
    expect(titles((await found(user.token, "soiree")).campaigns)).toEqual(["Soirée d'ÉTÉ"]);
    expect(titles((await found(user.token, "CAFE")).campaigns)).toEqual(["Soirée d'ÉTÉ"]);
    expect(titles((await found(user.token, "été")).campaigns)).toEqual(["Soirée d'ÉTÉ"]);
    expect(titles((await found(user.token, "twilio")).pages)).toEqual(["Channel providers"]);
    expect(titles((await found(user.token, "analy")).pages)).toEqual(["Analytics"]);

    // The same once the search index has caught up with the import.
    while ((await indexQueuedContacts(getDb())) > 0);
    expect(titles((await found(user.token, "brontë")).contacts)).toEqual(["Zoë Brontë"]);
    const contact = (await found(user.token, "zoe")).contacts[0]!;
    expect(contact.href).toMatch(/^\/dashboard\/contacts\/[0-9a-f-]{36}$/);
    expect(contact.detail).toContain("zoe.bronte@example.com");
  });

  test("a name many contacts share gives five of them as you type, all of them on the page, never a stale name", async () => {
    const user = await createSignedInUser();
    const contacts = Array.from({ length: 7 }, (_, i) => ({ name: `Zoë Number${i}`, email: `zoe${i}@example.com` }));
    await respond(() =>
      importContacts(routeArgs(jsonRequest("/api/contacts/import", { contacts }, { headers: bearer(user.token) }))),
    );
    while ((await indexQueuedContacts(getDb())) > 0);
    // Renamed after indexing: the index still starts with "zoe" for this one until the indexer runs again.
    const renamed = [{ name: "Ursula Renamed", email: "zoe0@example.com" }];
    await respond(() =>
      importContacts(
        routeArgs(jsonRequest("/api/contacts/import", { contacts: renamed }, { headers: bearer(user.token) })),
      ),
    );

    const typed = titles((await found(user.token, "zoe n")).contacts);
    expect(typed).toHaveLength(5);
    for (const title of typed) expect(title).toMatch(/^Zoë Number[1-6]$/);
    expect(titles((await found(user.token, "ursula")).contacts)).toEqual(["Ursula Renamed"]);
  });

  test("another team's contacts, segments and campaigns never appear", async () => {
    const ours = await seedTeam({
      contact: "Ours Person",
      email: "ours@example.com",
      segment: "Ours list",
      campaign: "Ours launch",
    });
    await seedTeam({
      contact: "Theirs Walrus",
      email: "walrus@example.com",
      segment: "Walrus list",
      campaign: "Walrus launch",
    });

    const results = await found(ours.token, "walrus");
    expect([...results.contacts, ...results.segments, ...results.campaigns]).toEqual([]);
    const own = await found(ours.token, "ours");
    expect(titles(own.contacts)).toEqual(["Ours Person"]);
    expect(titles(own.segments)).toEqual(["Ours list"]);
    expect(titles(own.campaigns)).toEqual(["Ours launch"]);
  });

  test("empty, wildcard-looking and very long searches are answered plainly", async () => {
    const user = await seedTeam({
      contact: "Per Cent",
      email: "percent@example.com",
      segment: "100% loyal",
      campaign: "Half_off",
    });

    expect(await found(user.token, "   ")).toMatchObject({ contacts: [], segments: [], campaigns: [], pages: [] });
    // LIKE's wildcards are searched for as text, not as wildcards.
    expect(titles((await found(user.token, "%")).segments)).toEqual(["100% loyal"]);
    expect(titles((await found(user.token, "_")).campaigns)).toEqual(["Half_off"]);
    expect(titles((await found(user.token, "_")).contacts)).toEqual([]);

    const tooLong = await typeInSearch(user.token, "a".repeat(5000));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      message: "Search is too long: at most 100 characters.",
      fields: { q: ["Search is too long: at most 100 characters."] },
    });
  });
});

describe("the search page, as the form shows it without JavaScript", () => {
  async function renderSearch(token: string, q: string) {
    const session = (await findSession(getDb(), token))!;
    const path = `/dashboard/search?q=${encodeURIComponent(q)}`;
    return renderPage(path, searchPage, async () => {
      const args = routeArgs(getRequest(path));
      args.context.set(sessionContext, session);
      return searchPage.loader(args as never);
    });
  }

  test("lists the results grouped by kind, each a link to its page", async () => {
    const user = await seedTeam({
      contact: "Ada Harbour",
      email: "ada@example.com",
      segment: "Harbour regulars",
      campaign: "Harbour news",
    });
    const page = await renderSearch(user.token, "harbour");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Results for “harbour”");
    for (const heading of ["Contacts", "Segments", "Campaigns"]) expect(page.html).toContain(`>${heading}</h2>`);
    expect(page.html).toMatch(/href="\/dashboard\/contacts\/[0-9a-f-]{36}"[^>]*>.*Ada Harbour/);
    expect(page.html).toMatch(/href="\/dashboard\/segments\/[0-9a-f-]{36}\/edit"[^>]*>.*Harbour regulars/);
    expect(page.html).toMatch(/href="\/dashboard\/broadcasts\/[0-9a-f-]{36}"[^>]*>.*Harbour news/);
  });

  test("says when nothing matches, and a too long search is a 400 with the reason", async () => {
    const user = await seedTeam({ contact: "Nobody", email: "nobody@example.com", segment: "S", campaign: "C" });
    expect((await renderSearch(user.token, "zzqqxx")).text).toContain("Nothing matches “zzqqxx”.");
    const tooLong = await renderSearch(user.token, "x".repeat(300));
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain("Search is too long: at most 100 characters.");
  });
});
