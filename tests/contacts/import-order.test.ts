import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { PREVIOUS_CHUNK_WAIT_MS } from "#server/contacts/chunk-order.ts";
import { importChunk } from "#server/contacts/import.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { TestWaitClock } from "../test-wait-clock.ts";
import { postImport } from "./post-import.ts";

async function contactsOf(token: string) {
  const response = await respond(() => listContacts(routeArgs(getRequest("/api/contacts?limit=500", bearer(token)))));
  const list = (await response.json()) as { data: { email: string; name: string | null }[] };
  return new Map(list.data.map((c) => [c.email.toLowerCase(), c.name]));
}

describe("chunks sent before the previous one is answered (afterPrevious)", () => {
  test("a chunk that arrives before the one before it waits for it, so the later row of the file wins", async () => {
    const user = await createSignedInUser();
    const opened = await postImport(user.token, {
      contacts: [{ email: "ada@example.com", name: "Row 2" }],
      final: false,
    });
    const importId = opened.body.importId;

    // The third chunk arrives first; the clock holds it in its wait, once it has found the second missing.
    const clock = new TestWaitClock();
    const waiting = clock.hold();
    const third = {
      importId,
      chunkIndex: 2,
      firstRow: 4,
      afterPrevious: true,
      contacts: [{ email: "ADA@example.com", name: "Row 4" }, { email: "bo@example.com" }],
    };
    const thirdAnswer = importChunk(getDb(), {
      teamId: user.teamId,
      importId,
      chunkIndex: 2,
      firstRowNumber: 4,
      afterPrevious: true,
      rows: third.contacts,
      clock,
    });
    await waiting;
    // Nothing of the third chunk is in while the second has not arrived.
    expect(await contactsOf(user.token)).toEqual(new Map([["ada@example.com", "Row 2"]]));

    const second = await postImport(user.token, {
      importId,
      chunkIndex: 1,
      firstRow: 3,
      afterPrevious: true,
      contacts: [{ email: "ada@example.com", name: "Row 3" }],
    });
    expect(second.status).toBe(200);
    clock.release();
    const thirdDone = await thirdAnswer;
    expect(thirdDone).toMatchObject({ imported: 1, skipped: 1 });
    expect(thirdDone.errors).toEqual([
      { rowNumber: 4, email: "ADA@example.com", reason: "Duplicate of an earlier row in this file (merged)" },
    ]);
    expect(await contactsOf(user.token)).toEqual(
      new Map([
        ["ada@example.com", "Row 4"],
        ["bo@example.com", null],
      ]),
    );

    // Sent again (its answer lost), it is applied once.
    const again = await postImport(user.token, third);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ imported: 1, skipped: 1, errors: thirdDone.errors });
    const closed = await postImport(user.token, {
      importId,
      chunkIndex: 3,
      afterPrevious: true,
      contacts: [],
      final: true,
    });
    expect(closed.body.totals).toMatchObject({ status: "completed", imported: 2, updated: 0, skipped: 2 });
  });

  test("a cancelled import ends the wait: the waiting chunk is refused and none of its rows get in", async () => {
    const user = await createSignedInUser();
    const opened = await postImport(user.token, { contacts: [{ email: "kept@example.com" }], final: false });
    const importId = opened.body.importId;

    const clock = new TestWaitClock();
    const held = clock.hold();
    const waiting = importChunk(getDb(), {
      teamId: user.teamId,
      importId,
      chunkIndex: 2,
      firstRowNumber: 3,
      afterPrevious: true,
      rows: [{ email: "dropped@example.com" }],
      clock,
    });
    await held;
    const cancelled = await postImport(user.token, { importId, cancel: true, contacts: [] });
    expect(cancelled.body.totals).toMatchObject({ status: "cancelled", imported: 1 });
    clock.release();

    await expect(waiting).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This import is cancelled; start a new one.",
    });
    expect([...(await contactsOf(user.token)).keys()]).toEqual(["kept@example.com"]);
  });

  test("a chunk whose previous chunk never comes is refused after a minute's wait, naming the missing chunk", async () => {
    const user = await createSignedInUser();
    const opened = await postImport(user.token, { contacts: [{ email: "first@example.com" }], final: false });
    const clock = new TestWaitClock();
    const waited = importChunk(getDb(), {
      teamId: user.teamId,
      importId: opened.body.importId,
      chunkIndex: 4,
      firstRowNumber: 10,
      rows: [{ email: "orphan@example.com" }],
      afterPrevious: true,
      clock,
    });
    await expect(waited).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "Chunk 3 of this import has not arrived, and chunks are applied in file order. Send the import again from chunk 3.",
    });
    // It kept looking for the whole wait, more often at first (2 ms, doubling up to 100 ms).
    expect(clock.now()).toBeGreaterThan(PREVIOUS_CHUNK_WAIT_MS - 100);
    expect(clock.now()).toBeLessThanOrEqual(PREVIOUS_CHUNK_WAIT_MS);
    expect(clock.pauses.slice(0, 8)).toEqual([2, 4, 8, 16, 32, 64, 100, 100]);
    expect([...(await contactsOf(user.token)).keys()]).toEqual(["first@example.com"]);
  });

  test("without afterPrevious a chunk is applied as it arrives, whatever came before", async () => {
    const user = await createSignedInUser();
    const opened = await postImport(user.token, { contacts: [{ email: "first@example.com" }], final: false });
    const skipping = await postImport(user.token, {
      importId: opened.body.importId,
      chunkIndex: 7,
      contacts: [{ email: "seventh@example.com" }],
    });
    expect(skipping.status).toBe(200);
    expect(skipping.body).toMatchObject({ imported: 1 });
  });
});
