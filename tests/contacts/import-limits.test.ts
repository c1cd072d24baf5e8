import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { getDb } from "#db/database.ts";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "#server/contacts/import.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

// The API's limits per import (1,000,000 rows, the bodies of its requests) hold
// across chunks, and a chunk that fails inside its transaction leaves nothing.

type Answer = {
  importId: string;
  imported: number;
  updated: number;
  skipped: number;
  message?: string;
  totals?: Record<string, unknown>;
};

async function postImport(token: string, body: unknown) {
  const text = JSON.stringify(body);
  const response = await respond(() =>
    importContacts(routeArgs(jsonRequest("/api/contacts/import", text, { headers: bearer(token) }))),
  );
  return { status: response.status, body: (await response.json()) as Answer, bytes: Buffer.byteLength(text) };
}

async function emailsOf(token: string) {
  const response = await respond(() => listContacts(routeArgs(getRequest("/api/contacts?limit=500", bearer(token)))));
  const page = (await response.json()) as { data: { email: string; name: string | null }[] };
  return page.data.map((c) => `${c.email}${c.name ? ` (${c.name})` : ""}`).sort();
}

function importRow(importId: string) {
  return getDb()
    .selectFrom("imports")
    .select(["status", "rowsReceived", "bytesReceived", "imported", "updated", "skipped"])
    .where("id", "=", importId)
    .executeTakeFirstOrThrow();
}

/**
 * Stands for the chunks an import has already taken in: setting its counters beats sending 100 chunks of 10,000 rows.
 */
function alreadyReceived(importId: string, counters: { rowsReceived?: number; bytesReceived?: number }) {
  return getDb().updateTable("imports").set(counters).where("id", "=", importId).execute();
}

describe("the limits of one import through the API", () => {
  test("1,000,000 rows across chunks: the chunk reaching it is taken, the one past it is a 413 and changes nothing", async () => {
    const user = await createSignedInUser();
    const first = await postImport(user.token, { contacts: [{ email: "first@example.com" }], final: false });
    const { importId } = first.body;
    await alreadyReceived(importId, { rowsReceived: MAX_IMPORT_ROWS - 2 });

    const upTo = await postImport(user.token, {
      importId,
      chunkIndex: 1,
      contacts: [{ email: "last@example.com" }, { email: "bad" }],
    });
    expect(upTo.status).toBe(200);
    const past = await postImport(user.token, { importId, chunkIndex: 2, contacts: [{ email: "over@example.com" }] });
    expect(past.status).toBe(413);
    expect(past.body).toEqual({ message: "An import holds at most 1,000,000 rows." });

    expect(await emailsOf(user.token)).toEqual(["first@example.com", "last@example.com"]);
    expect(await importRow(importId)).toMatchObject({
      status: "running",
      rowsReceived: MAX_IMPORT_ROWS,
      imported: 2,
      skipped: 1,
    });
    // The chunk that got in is still answered the same when retried.
    expect(
      await postImport(user.token, {
        importId,
        chunkIndex: 1,
        contacts: [{ email: "last@example.com" }, { email: "bad" }],
      }),
    ).toMatchObject(upTo);
  });

  test("the request bodies of an import are added up; a retried chunk counts once; past the limit a 413 says why", async () => {
    const user = await createSignedInUser();
    const first = await postImport(user.token, { contacts: [{ email: "a@example.com", name: "Ada" }], final: false });
    const { importId } = first.body;
    const second = { importId, chunkIndex: 1, contacts: [{ email: "b@example.com" }] };
    const sent = await postImport(user.token, second);
    await postImport(user.token, second);
    expect((await importRow(importId)).bytesReceived).toBe(first.bytes + sent.bytes);

    const third = { importId, chunkIndex: 2, contacts: [{ email: "c@example.com" }] };
    await alreadyReceived(importId, { bytesReceived: MAX_IMPORT_BYTES - Buffer.byteLength(JSON.stringify(third)) + 1 });
    const past = await postImport(user.token, third);
    expect(past.status).toBe(413);
    expect(past.body).toEqual({
      message:
        "An import takes at most 250 MB of request bodies in all (a 200 MB file as JSON), and this chunk would pass that. Split the contacts into several imports.",
    });
    expect(await emailsOf(user.token)).toEqual(["a@example.com (Ada)", "b@example.com"]);

    // A chunk that fits exactly is still taken.
    await alreadyReceived(importId, { bytesReceived: MAX_IMPORT_BYTES - Buffer.byteLength(JSON.stringify(third)) });
    expect((await postImport(user.token, third)).status).toBe(200);
    expect((await importRow(importId)).bytesReceived).toBe(MAX_IMPORT_BYTES);
  });
});

describe("a chunk that fails inside its transaction", () => {
  test("leaves nothing of itself behind, and the same chunk sent again is applied once", async () => {
    const user = await createSignedInUser();
    await postImport(user.token, { contacts: [{ email: "known@example.com", name: "Known" }] });
    const first = await postImport(user.token, {
      contacts: [{ email: "kept@example.com", name: "Kept" }],
      segmentName: "Launch",
      final: false,
    });
    const { importId } = first.body;
    const chunk = {
      importId,
      chunkIndex: 1,
      firstRow: 3,
      contacts: [
        { email: "KNOWN@example.com", name: "Renamed" },
        { email: "new@example.com", name: "New" },
        { email: "not an email" },
      ],
    };

    // A failure no validation can foresee: the database refuses the chunk's very last
    // write (its record in import_chunks), after its contacts, skips and totals were written.
    await sql`create function refuse_chunk() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full'; end $$`.execute(getDb());
    await sql`create trigger refuse_chunk before insert on import_chunks for each row
      when (new.import_id = ${sql.lit(importId)}::uuid and new.chunk_index = 1) execute function refuse_chunk()`.execute(
      getDb(),
    );
    let failed;
    try {
      failed = await postImport(user.token, chunk);
    } finally {
      await sql`drop trigger refuse_chunk on import_chunks`.execute(getDb());
      await sql`drop function refuse_chunk()`.execute(getDb());
    }
    expect(failed.status).toBe(500);
    expect(failed.body.message).toBe("Something went wrong on our side. Please try again.");

    expect(await emailsOf(user.token)).toEqual(["kept@example.com (Kept)", "known@example.com (Known)"]);
    expect(await importRow(importId)).toMatchObject({
      status: "running",
      rowsReceived: 1,
      imported: 1,
      updated: 0,
      skipped: 0,
      bytesReceived: first.bytes,
    });
    const skips = await getDb()
      .selectFrom("importSkips")
      .select("rowNumber")
      .where("importId", "=", importId)
      .execute();
    expect(skips).toEqual([]);
    const members = await getDb()
      .selectFrom("segmentMembers")
      .innerJoin("segments", "segments.id", "segmentMembers.segmentId")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("segments.teamId", "=", user.teamId)
      .executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(1);

    const retried = await postImport(user.token, chunk);
    expect(retried.body).toMatchObject({ imported: 1, updated: 1, skipped: 1 });
    expect((await postImport(user.token, chunk)).body).toEqual(retried.body);
    const closed = await postImport(user.token, { importId, chunkIndex: 2, contacts: [], final: true });
    expect(closed.body.totals).toMatchObject({ status: "completed", imported: 2, updated: 1, skipped: 1 });
    expect(await emailsOf(user.token)).toEqual([
      "kept@example.com (Kept)",
      "known@example.com (Renamed)",
      "new@example.com (New)",
    ]);
  });
});
