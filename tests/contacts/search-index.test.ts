import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { getDb } from "#db/database.ts";
import { indexQueuedContacts } from "#server/contacts/search-index.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

type Page = {
  data: { name: string | null; email: string }[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
};

async function seed(token: string, contacts: { name?: string; email: string; phone?: string }[]) {
  const response = await respond(() =>
    importContacts(routeArgs(jsonRequest("/api/contacts/import", { contacts }, { headers: bearer(token) }))),
  );
  expect(response.status).toBe(200);
}

async function search(token: string, query: string): Promise<Page> {
  const response = await respond(() => listContacts(routeArgs(getRequest(`/api/contacts?${query}`, bearer(token)))));
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

async function indexEverything() {
  while ((await indexQueuedContacts(getDb())) > 0) {
    // until the queue is empty
  }
}

async function queuedFor(teamId: string): Promise<number> {
  const row = await getDb()
    .selectFrom("contactSearchQueue")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("teamId", "=", teamId)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe("the contacts search index", () => {
  test("search finds contacts as they are now, before and after the indexer has run", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [
      { name: "Zoë Quartz", email: "zq@example.com" },
      { name: "Bob", email: "bob@example.com", phone: "+14155550123" },
    ]);

    // Just imported: found from the queue.
    expect(await queuedFor(user.teamId)).toBe(2);
    expect((await search(user.token, "search=QUARTZ")).data.map((c) => c.email)).toEqual(["zq@example.com"]);

    await indexEverything();
    expect(await queuedFor(user.teamId)).toBe(0);
    expect((await search(user.token, "search=quartz")).data.map((c) => c.email)).toEqual(["zq@example.com"]);
    expect((await search(user.token, "search=4155550")).data.map((c) => c.email)).toEqual(["bob@example.com"]);

    // Renamed by a later import: the old name no longer matches, the new one does, before and after indexing.
    await seed(user.token, [{ name: "Zoë Basalt", email: "ZQ@example.com" }]);
    expect((await search(user.token, "search=quartz")).data).toEqual([]);
    expect((await search(user.token, "search=basalt")).data.map((c) => c.name)).toEqual(["Zoë Basalt"]);
    await indexEverything();
    expect((await search(user.token, "search=quartz")).data).toEqual([]);
    expect((await search(user.token, "search=basalt")).data.map((c) => c.name)).toEqual(["Zoë Basalt"]);
  });

  test("once indexed, a contact is found by any part of its name, email or phone, in any script", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [
      { name: "Ada Lovelace", email: "ada@analytical.example", phone: "+14155514242" },
      { name: "олена шевченко", email: "olena@example.ua" },
      { name: "李王明", email: "li@example.cn" },
      { name: "Chloé Dubois", email: "chloe.d@example.fr" },
    ]);
    await indexEverything();
    expect(await queuedFor(user.teamId)).toBe(0);
    const names = async (q: string) =>
      (await search(user.token, `search=${encodeURIComponent(q)}`)).data.map((c) => c.name);
    expect(await names("OVELAC")).toEqual(["Ada Lovelace"]);
    expect(await names("alytic")).toEqual(["Ada Lovelace"]);
    expect(await names("5514242")).toEqual(["Ada Lovelace"]);
    expect(await names("евченк")).toEqual(["олена шевченко"]);
    expect(await names("李王明")).toEqual(["李王明"]);
    expect(await names("王明")).toEqual(["李王明"]);
    expect(await names("loé dub")).toEqual(["Chloé Dubois"]);
    expect(await names("ovelacy")).toEqual([]);
    expect(await names("5514243")).toEqual([]);
  });

  test("capitals of every script are found by their small letters and the other way round, queued or indexed", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [
      { name: "ОЛЕНА ШЕВЧЕНКО", email: "olena@example.ua" },
      { name: "ÉLODIE DURAND", email: "elodie@example.fr" },
      { name: "ΟΔΥΣΣΕΑΣ Παππάς", email: "odysseas@example.gr" },
      { name: "İlkay Şahin", email: "ilkay@example.tr" },
      { name: "ölçü", email: "olcu@example.tr" },
    ]);
    const names = async (q: string) =>
      (await search(user.token, `search=${encodeURIComponent(q)}`)).data.map((c) => c.name);
    const expectations = async () => {
      expect(await names("шевченко")).toEqual(["ОЛЕНА ШЕВЧЕНКО"]);
      expect(await names("Шевченко")).toEqual(["ОЛЕНА ШЕВЧЕНКО"]);
      expect(await names("élodie")).toEqual(["ÉLODIE DURAND"]);
      expect(await names("elodie d")).toEqual(["ÉLODIE DURAND"]);
      expect(await names("οδυσσεας")).toEqual(["ΟΔΥΣΣΕΑΣ Παππάς"]);
      expect(await names("ΠΑΠΠΆΣ")).toEqual(["ΟΔΥΣΣΕΑΣ Παππάς"]);
      expect(await names("ilkay")).toEqual(["İlkay Şahin"]);
      expect(await names("İLKAY ŞAHIN")).toEqual(["İlkay Şahin"]);
      expect(await names("ÖLÇÜ")).toEqual(["ölçü"]);
    };
    expect(await queuedFor(user.teamId)).toBe(5);
    await expectations();
    await indexEverything();
    expect(await queuedFor(user.teamId)).toBe(0);
    await expectations();
  });

  test("right after a large import, with thousands of contacts not yet indexed, a search still finds them", async () => {
    const user = await createSignedInUser();
    // Past 5,000 queued contacts a search reads the team's contacts themselves (docs/decisions/012).
    for (let start = 0; start < 6_000; start += 3_000) {
      await seed(
        user.token,
        Array.from({ length: 3_000 }, (_, i) => ({
          name: `Guest ${start + i}`,
          email: `guest${start + i}@example.com`,
        })),
      );
    }
    await seed(user.token, [{ name: "Zoë Quartz", email: "zq@example.com" }]);
    expect(await queuedFor(user.teamId)).toBe(6_001);

    const found = await search(user.token, "search=QUARTZ");
    expect(found.data.map((c) => c.email)).toEqual(["zq@example.com"]);
    expect(found.total).toBe(1);
    expect((await search(user.token, "search=guest5999")).data.map((c) => c.email)).toEqual(["guest5999@example.com"]);
  });

  test("a search of several words matches the whole text, not just the word the index is asked for", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [
      { name: "Sam Person", email: "person.4242@example.com" },
      { name: "Other", email: "other.4242@example.com" },
      { name: "Person 4242", email: "third@example.com" },
      { name: "Fourth", email: "person.42420@example.com" },
    ]);
    const emails = async (query: string) => (await search(user.token, query)).data.map((c) => c.email).sort();
    const expected = ["person.42420@example.com", "person.4242@example.com"];
    expect(await emails("search=PERSON.4242")).toEqual(expected);
    await indexEverything();
    expect(await emails("search=PERSON.4242")).toEqual(expected);
    expect(await search(user.token, "search=person.4242")).toMatchObject({ total: 2, totalCapped: false });
    expect(await emails("search=person%204242")).toEqual(["third@example.com"]);
  });

  test("an import that changes nothing searchable queues nothing", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [{ name: "Ada", email: "ada@example.com" }]);
    await indexEverything();
    await seed(user.token, [{ email: "ADA@example.com" }]);
    expect(await queuedFor(user.teamId)).toBe(0);
  });

  test("a search matching more than 1,000 contacts says so, and pages through them", async () => {
    const user = await createSignedInUser();
    const contacts = Array.from({ length: 1_100 }, (_, i) => ({
      name: i % 2 ? "Common Name" : "Rare Name",
      email: `p${i}@example.com`,
    }));
    await seed(user.token, contacts);
    await indexEverything();

    const common = await search(user.token, "search=common");
    expect(common).toMatchObject({ total: 550, totalCapped: false });
    const everyone = await search(user.token, "search=name");
    expect(everyone).toMatchObject({ total: 1_000, totalCapped: true });
    expect(everyone.data).toHaveLength(50);
    const next = await search(user.token, `search=name&cursor=${encodeURIComponent(everyone.nextCursor!)}`);
    expect(next.data).toHaveLength(50);
    expect(next.data.some((c) => everyone.data.some((d) => d.email === c.email))).toBe(false);
  });

  test("deleting a team deletes its contacts and their search entries", async () => {
    const user = await createSignedInUser();
    await seed(user.token, [{ name: "Gone Soon", email: "gone@example.com" }]);
    await indexEverything();
    const db = getDb();
    await db.deleteFrom("teams").where("id", "=", user.teamId).execute();
    const left = await db.selectFrom("contacts").select("id").where("teamId", "=", user.teamId).execute();
    const indexed = await db
      .selectFrom("contactSearch")
      .select("contactId")
      .where("teamId", "=", user.teamId)
      .execute();
    expect(left).toEqual([]);
    expect(indexed).toEqual([]);
  });
});
