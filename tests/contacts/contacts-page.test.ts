import { describe, expect, test } from "vitest";
import { action as newSegment } from "#app/routes/dashboard/contacts-new-segment.tsx";
import { loader as contactsPage } from "#app/routes/dashboard/contacts.tsx";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { findSession } from "#server/auth/sessions.ts";
import { sessionContext } from "#app/http/context.ts";
import { createSignedInUser } from "../factories.ts";
import { flashOf, getRequest, ORIGIN } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

type Person = { name?: string | null; email?: string; phone?: string | null };

/** A signed-in person whose team holds these contacts; returns the ids, in the order given. */
async function teamWith(people: Person[]) {
  const user = await createSignedInUser();
  const session = (await findSession(getDb(), user.token))!;
  const ids = people.map(() => newId());
  if (people.length > 0) {
    await getDb()
      .insertInto("contacts")
      .values(
        people.map((person, i) => ({
          id: ids[i]!,
          teamId: user.teamId,
          name: person.name ?? null,
          email: person.email ?? `contact-${ids[i]}@example.com`,
          phone: person.phone ?? null,
        })),
      )
      .execute();
  }
  return { session, ids };
}

function many(count: number, name: string, phone: string | null = null): Person[] {
  return Array.from({ length: count }, (_, i) => ({ name: `${name} ${i + 1}`, phone }));
}

/** The route's arguments as the dashboard layout's middleware leaves them: the session in the context. */
function withSession(request: Request, session: NonNullable<Awaited<ReturnType<typeof findSession>>>) {
  const args = routeArgs(request);
  args.context.set(sessionContext, session);
  return args;
}

function visit(path: string, session: Parameters<typeof withSession>[1]) {
  return respond(() => contactsPage(withSession(getRequest(path), session)));
}

/** Posts like a browser: repeated names (one contactIds per ticked row) stay repeated. */
function post(fields: [string, string][], session: Parameters<typeof withSession>[1]) {
  const request = new Request(`${ORIGIN}/dashboard/contacts/new-segment`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return respond(() => newSegment(withSession(request, session)));
}

async function segmentsOf(teamId: string) {
  return getDb()
    .selectFrom("segments")
    .select([
      "segments.name",
      (eb) =>
        eb
          .selectFrom("segmentMembers")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("segmentId", "=", "segments.id")
          .as("members"),
    ])
    .where("teamId", "=", teamId)
    .execute();
}

describe("the contacts page", () => {
  test("lists only this team's contacts with the total", async () => {
    const { session } = await teamWith([{ name: "Ada", email: "ada@example.com", phone: "+14155550100" }]);
    await teamWith([{ name: "Someone else" }]);

    const body = await (await visit("/dashboard/contacts", session)).json();

    expect(body.total).toBe(1);
    expect(body.capped).toBe(false);
    expect(body.contacts).toEqual([
      {
        id: expect.any(String),
        name: "Ada",
        email: "ada@example.com",
        phone: "+14155550100",
        createdAt: expect.any(String),
      },
    ]);
    expect(body.nextCursor).toBeNull();
  });

  test("search is case-insensitive over name, email and phone, and Has phone narrows it", async () => {
    const { session } = await teamWith([
      { name: "Marie Curie", phone: "+33123456789" },
      { name: "Pierre", email: "CURIE.p@example.com" },
      { name: "Irène", phone: "+33999" },
    ]);

    const all = await (await visit("/dashboard/contacts?search=curie", session)).json();
    const byPhone = await (await visit("/dashboard/contacts?search=%2B33999", session)).json();
    const withoutPhone = await (await visit("/dashboard/contacts?search=CURIE&hasPhone=no", session)).json();

    expect(all.contacts.map((c: Person) => c.name).sort()).toEqual(["Marie Curie", "Pierre"]);
    expect(all.total).toBe(2);
    expect(byPhone.contacts.map((c: Person) => c.name)).toEqual(["Irène"]);
    expect(withoutPhone.contacts.map((c: Person) => c.name)).toEqual(["Pierre"]);
    expect(withoutPhone.query).toMatchObject({ search: "CURIE", hasPhone: "no" });
  });

  test("pages 50 at a time and follows the cursor to the rest", async () => {
    const { session } = await teamWith(many(55, "Reader"));

    const first = await (await visit("/dashboard/contacts", session)).json();
    const second = await (await visit(`/dashboard/contacts?cursor=${first.nextCursor}&prev=`, session)).json();

    expect(first.contacts).toHaveLength(50);
    expect(first.total).toBe(55);
    expect(second.contacts).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(second.query).toMatchObject({ cursor: first.nextCursor, prev: [""] });
    const seen = new Set([...first.contacts, ...second.contacts].map((c: { id: string }) => c.id));
    expect(seen.size).toBe(55);
  });

  test("a hand-edited URL never fails: an unknown Has phone is Any, a bad cursor restarts at the first page", async () => {
    const { session } = await teamWith([{ name: "Ada" }]);

    const odd = await (await visit("/dashboard/contacts?hasPhone=maybe", session)).json();
    const bad = await visit("/dashboard/contacts?search=ada&cursor=bm90LWEtY3Vyc29y", session);

    expect(odd.query.hasPhone).toBe("any");
    expect(odd.total).toBe(1);
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/dashboard/contacts?search=ada");
    expect(await flashOf(bad)).toEqual([expect.objectContaining({ type: "error", title: "Error" })]);
  });
});

describe("Create Segment from selection", () => {
  test("without JavaScript, the first post asks for a name and states how many contacts will be linked", async () => {
    const { session, ids } = await teamWith(many(3, "Ada"));

    const response = await post(
      [
        ["intent", "choose"],
        ["contactIds", ids[0]!],
        ["contactIds", ids[2]!],
        ["search", "ada"],
        ["hasPhone", "any"],
      ],
      session,
    );

    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.selection).toMatchObject({
      contactIds: [ids[0], ids[2]],
      selectAllMatching: false,
      search: "ada",
      count: 2,
    });
  });

  test("nothing selected answers 'Select at least one contact'", async () => {
    const { session } = await teamWith(many(2, "Ada"));

    const choosing = await post(
      [
        ["intent", "choose"],
        ["hasPhone", "any"],
      ],
      session,
    );
    const creating = await post(
      [
        ["intent", "create"],
        ["name", "Empty"],
      ],
      session,
    );

    for (const response of [choosing, creating]) {
      expect(response.status).toBe(400);
      expect((await response.json()).result.error.contactIds).toEqual(["Select at least one contact"]);
    }
    expect(await segmentsOf(session.team.id)).toEqual([]);
  });

  test("a blank name answers 'Segment name is required'", async () => {
    const { session, ids } = await teamWith(many(1, "Ada"));

    const response = await post(
      [
        ["intent", "create"],
        ["name", "   "],
        ["contactIds", ids[0]!],
      ],
      session,
    );

    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error.name).toEqual(["Segment name is required"]);
    expect(body.selection.count).toBe(1);
  });

  test("creates the segment, links the contacts and goes back to the filtered list with 'Segment created'", async () => {
    const { session, ids } = await teamWith(many(3, "Ada"));

    const response = await post(
      [
        ["intent", "create"],
        ["name", "  Launch <b>guests</b> "],
        ["contactIds", ids[0]!],
        ["contactIds", ids[1]!],
        ["search", "ada"],
        ["hasPhone", "no"],
      ],
      session,
    );

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/contacts?search=ada&hasPhone=no");
    expect(await flashOf(response)).toEqual([
      { type: "success", title: "Segment created", description: "Linked 2 contacts" },
    ]);
    expect(await segmentsOf(session.team.id)).toEqual([{ name: "Launch <b>guests</b>", members: 2 }]);
  });

  test("another team's contacts are never linked, and naming only them creates nothing", async () => {
    const mine = await teamWith(many(1, "Mine"));
    const theirs = await teamWith(many(2, "Theirs"));

    const onlyTheirs = await post(
      [
        ["intent", "create"],
        ["name", "Stolen"],
        ["contactIds", theirs.ids[0]!],
      ],
      mine.session,
    );
    const mixed = await post(
      [
        ["intent", "create"],
        ["name", "Mixed"],
        ["contactIds", mine.ids[0]!],
        ["contactIds", theirs.ids[1]!],
      ],
      mine.session,
    );

    expect(onlyTheirs.status).toBe(400);
    expect((await onlyTheirs.json()).result.error.contactIds).toEqual(["Select at least one contact"]);
    expect(mixed.status).toBe(302);
    expect(await flashOf(mixed)).toEqual([expect.objectContaining({ description: "Linked 1 contact" })]);
    expect(await segmentsOf(mine.session.team.id)).toEqual([{ name: "Mixed", members: 1 }]);
    expect(await segmentsOf(theirs.session.team.id)).toEqual([]);
  });

  test("a malformed contact id is a 400 with a message, not a server error", async () => {
    const { session } = await teamWith(many(1, "Ada"));

    const response = await post(
      [
        ["intent", "create"],
        ["name", "Odd"],
        ["contactIds", "1 or 1=1"],
      ],
      session,
    );

    expect(response.status).toBe(400);
    expect((await response.json()).result.error["contactIds[0]"]).toBeDefined();
  });

  test("'Select all N matching' links every contact matching the filters, beyond the first page", async () => {
    const { session } = await teamWith([
      ...many(60, "Grace", "+14155550100"),
      ...many(5, "Grace"),
      ...many(3, "Alan", "+1"),
    ]);

    const choosing = await post(
      [
        ["intent", "choose"],
        ["selectAllMatching", "on"],
        ["search", "GRACE"],
        ["hasPhone", "yes"],
      ],
      session,
    );
    const creating = await post(
      [
        ["intent", "create"],
        ["name", "Every Grace with a phone"],
        ["selectAllMatching", "on"],
        ["search", "GRACE"],
        ["hasPhone", "yes"],
      ],
      session,
    );

    expect((await choosing.json()).selection).toMatchObject({ selectAllMatching: true, count: 60, capped: false });
    expect(creating.status).toBe(302);
    expect(await flashOf(creating)).toEqual([
      { type: "success", title: "Segment created", description: "Linked 60 contacts" },
    ]);
    expect(await segmentsOf(session.team.id)).toEqual([{ name: "Every Grace with a phone", members: 60 }]);
  });

  test("'Select all matching' without filters states the exact number, even past the 1,000 that filters count to", async () => {
    const { session } = await teamWith(many(1_001, "Grace"));

    const choosing = await post(
      [
        ["intent", "choose"],
        ["selectAllMatching", "on"],
      ],
      session,
    );

    expect((await choosing.json()).selection).toMatchObject({ selectAllMatching: true, count: 1_001, capped: false });
  });
});
