import { describe, expect, test } from "vitest";
import { getDb } from "../../db/database.ts";
import { loader as listContacts } from "../../app/routes/api/contacts.ts";
import { importChunk } from "../../server/contacts/import.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { postImport } from "./post-import.ts";

async function contactsOf(token: string) {
  const response = await respond(() => listContacts(routeArgs(getRequest("/api/contacts?limit=500", bearer(token)))));
  const list = (await response.json()) as { data: { email: string; name: string | null }[] };
  return new Map(list.data.map((c) => [c.email.toLowerCase(), c.name]));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("chunks sent before the previous one is answered (afterPrevious)", () => {
  test("a chunk that arrives before the one before it waits for it, so the later row of the file wins", async () => {
    const user = await createSignedInUser();
    const opened = await postImport(user.token, { contacts: [{ email: "ada@example.com", name: "Row 2" }], final: false });
    const importId = opened.body.importId;

    const third = { importId, chunkIndex: 2, firstRow: 4, afterPrevious: true, contacts: [{ email: "ADA@example.com", name: "Row 4" }, { email: "bo@example.com" }] };
    const thirdAnswer = postImport(user.token, third);
    await pause(300);
    // Nothing of the third chunk is in while the second has not arrived.
    expect(await contactsOf(user.token)).toEqual(new Map([["ada@example.com", "Row 2"]]));

    const second = await postImport(user.token, { importId, chunkIndex: 1, firstRow: 3, afterPrevious: true, contacts: [{ email: "ada@example.com", name: "Row 3" }] });
    expect(second.status).toBe(200);
    const thirdDone = await thirdAnswer;
    expect(thirdDone.status).toBe(200);
    expect(thirdDone.body).toMatchObject({ imported: 1, skipped: 1 });
    expect(thirdDone.body.errors).toEqual([{ rowNumber: 4, email: "ADA@example.com", reason: "Duplicate of an earlier row in this file (merged)" }]);
    expect(await contactsOf(user.token)).toEqual(new Map([["ada@example.com", "Row 4"], ["bo@example.com", null]]));

    // Sent again (its answer lost), it is applied once.
    expect((await postImport(user.token, third)).body).toEqual(thirdDone.body);
    const closed = await postImport(user.token, { importId, chunkIndex: 3, afterPrevious: true, contacts: [], final: true });
    expect(closed.body.totals).toMatchObject({ status: "completed", imported: 2, updated: 0, skipped: 2 });
  });

  test("a cancelled import ends the wait: the waiting chunk is refused and none of its rows get in", async () => {
    const user = await createSignedInUser();
    const opened = await postImport(user.token, { contacts: [{ email: "kept@example.com" }], final: false });
    const importId = opened.body.importId;

    const waiting = postImport(user.token, { importId, chunkIndex: 2, afterPrevious: true, contacts: [{ email: "dropped@example.com" }] });
    await pause(100);
    const cancelled = await postImport(user.token, { importId, cancel: true, contacts: [] });
    expect(cancelled.body.totals).toMatchObject({ status: "cancelled", imported: 1 });

    const refused = await waiting;
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This import is cancelled; start a new one.");
    expect([...(await contactsOf(user.token)).keys()]).toEqual(["kept@example.com"]);
  });

  test("a chunk whose previous chunk never comes is refused after the wait, naming the missing chunk", async () => {
    const user = await createSignedInUser();
    const opened = await postImport(user.token, { contacts: [{ email: "first@example.com" }], final: false });
    const waited = importChunk(getDb(), {
      teamId: user.teamId,
      importId: opened.body.importId,
      chunkIndex: 4,
      firstRowNumber: 10,
      rows: [{ email: "orphan@example.com" }],
      afterPrevious: true,
      previousChunkWaitMs: 300,
    });
    await expect(waited).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Chunk 3 of this import has not arrived, and chunks are applied in file order. Send the import again from chunk 3.",
    });
    expect([...(await contactsOf(user.token)).keys()]).toEqual(["first@example.com"]);
  });

  test("without afterPrevious a chunk is applied as it arrives, whatever came before", async () => {
    const user = await createSignedInUser();
    const opened = await postImport(user.token, { contacts: [{ email: "first@example.com" }], final: false });
    const skipping = await postImport(user.token, { importId: opened.body.importId, chunkIndex: 7, contacts: [{ email: "seventh@example.com" }] });
    expect(skipping.status).toBe(200);
    expect(skipping.body).toMatchObject({ imported: 1 });
  });
});
