import { describe, expect, test } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { loader as listContacts } from "#app/routes/api/contacts.ts";
import { loader as skippedCsv } from "#app/routes/api/import-skipped-csv.ts";
import { loader as listSegments } from "#app/routes/api/segments.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { postImport } from "./post-import.ts";
import { respond, routeArgs } from "../serve-route.ts";

async function contactsOf(token: string, query = "") {
  const response = await respond(() => listContacts(routeArgs(getRequest(`/api/contacts${query}`, bearer(token)))));
  return (await response.json()) as {
    data: { id: string; name: string | null; email: string; phone: string | null }[];
    total: number;
    nextCursor: string | null;
  };
}

describe("POST /api/contacts/import", () => {
  test("imports the spec's payload and answers with the count", async () => {
    const user = await createSignedInUser();
    const { status, body } = await postImport(user.token, {
      contacts: [
        { name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7946 0958" },
        { name: "Grace Hopper", email: "grace@example.com", phone: "" },
      ],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ imported: 2, updated: 0, skipped: 0 });
    const list = await contactsOf(user.token);
    expect(list.total).toBe(2);
    expect(list.data.map((c) => [c.email, c.phone])).toEqual(
      expect.arrayContaining([
        ["ada@example.com", "+442079460958"],
        ["grace@example.com", null],
      ]),
    );
  });

  test("merges rows of one email, keeps existing values for empty cells, and reports skipped rows", async () => {
    const user = await createSignedInUser();
    await postImport(user.token, { contacts: [{ name: "Old Name", email: "kim@example.com", phone: "+14155550100" }] });

    const { body } = await postImport(user.token, {
      contacts: [
        { name: "", email: "KIM@example.com", phone: "" },
        { name: "New", email: "new@example.com" },
        { name: "Newer", email: "NEW@example.com" },
        { name: "Broken", email: "not-an-email" },
        { name: "No email", email: "" },
      ],
    });

    expect(body).toMatchObject({ imported: 1, updated: 1, skipped: 3 });
    expect(body.errors).toEqual([
      { rowNumber: 4, email: "NEW@example.com", reason: "Duplicate of row 3 in this file (merged)" },
      { rowNumber: 5, email: "not-an-email", reason: "Invalid email" },
      { rowNumber: 6, email: null, reason: "Missing email" },
    ]);
    const { data } = await contactsOf(user.token);
    const byEmail = new Map(data.map((c) => [c.email.toLowerCase(), c]));
    expect(byEmail.get("kim@example.com")).toMatchObject({ name: "Old Name", phone: "+14155550100" });
    expect(byEmail.get("new@example.com")).toMatchObject({ name: "Newer" });
  });

  test("chunks: a retried chunk changes nothing twice, duplicates across chunks are merged, totals add up", async () => {
    const user = await createSignedInUser();
    const first = await postImport(user.token, {
      contacts: [{ email: "a@example.com" }, { email: "b@example.com" }],
      segmentName: "  Launch list  ",
      final: false,
    });
    const importId = first.body.importId;
    const second = {
      importId,
      chunkIndex: 1,
      firstRow: 4,
      contacts: [{ email: "c@example.com" }, { email: "A@example.com", name: "Ann" }],
    };
    const once = await postImport(user.token, second);
    const again = await postImport(user.token, second);
    expect(again.body).toEqual(once.body);
    expect(once.body).toMatchObject({ imported: 1, updated: 0, skipped: 1 });
    expect(once.body.errors[0]).toMatchObject({
      rowNumber: 5,
      reason: "Duplicate of an earlier row in this file (merged)",
    });

    const last = await postImport(user.token, { importId, chunkIndex: 2, firstRow: 6, contacts: [], final: true });
    expect(last.body.totals).toMatchObject({ status: "completed", imported: 3, updated: 0, skipped: 1 });

    const list = await contactsOf(user.token);
    expect(list.total).toBe(3);
    const segments = (await (
      await respond(() => listSegments(routeArgs(getRequest("/api/segments", bearer(user.token)))))
    ).json()) as {
      data: { name: string; contactCount: number }[];
    };
    expect(segments.data).toEqual([expect.objectContaining({ name: "Launch list", contactCount: 3 })]);

    const after = await postImport(user.token, { importId, chunkIndex: 3, contacts: [{ email: "late@example.com" }] });
    expect(after.status).toBe(409);
    expect(after.body.message).toMatch(/completed/);
  });

  test("a first request retried with the client's importId opens one import and one segment", async () => {
    const user = await createSignedInUser();
    const importId = "0f2c6a1e-8d3b-4c5a-9e7f-1a2b3c4d5e6f";
    const first = {
      importId,
      chunkIndex: 0,
      segmentName: "Retried",
      contacts: [{ email: "r@example.com" }],
      final: false,
    };
    const once = await postImport(user.token, first);
    const again = await postImport(user.token, first);
    expect(once.body.importId).toBe(importId);
    expect(again.body).toEqual(once.body);
    const closed = await postImport(user.token, { importId, chunkIndex: 1, contacts: [], final: true });
    expect(closed.body.totals).toMatchObject({ status: "completed", imported: 1 });
    const segments = await respond(() => listSegments(routeArgs(getRequest("/api/segments", bearer(user.token)))));
    expect(((await segments.json()) as { data: unknown[] }).data).toHaveLength(1);

    const stranger = await createSignedInUser();
    const hijack = await postImport(stranger.token, {
      importId,
      chunkIndex: 2,
      contacts: [{ email: "x@example.com" }],
    });
    expect(hijack.status).toBe(404);
  });

  test("cancel keeps the rows already imported and refuses later chunks", async () => {
    const user = await createSignedInUser();
    const first = await postImport(user.token, { contacts: [{ email: "kept@example.com" }], final: false });
    const cancelled = await postImport(user.token, {
      importId: first.body.importId,
      cancel: true,
      contacts: [{ email: "dropped@example.com" }],
    });
    expect(cancelled.body.totals).toMatchObject({ status: "cancelled", imported: 1 });
    const late = await postImport(user.token, {
      importId: first.body.importId,
      chunkIndex: 1,
      contacts: [{ email: "late@example.com" }],
    });
    expect(late.status).toBe(409);
    expect((await contactsOf(user.token)).data.map((c) => c.email)).toEqual(["kept@example.com"]);
  });

  test("the skipped rows download as CSV, only for the team that owns the import", async () => {
    const user = await createSignedInUser();
    const other = await createSignedInUser();
    const { body } = await postImport(user.token, {
      contacts: [{ email: "ok@example.com" }, { email: "=cmd|' /C calc'!A0" }, { email: "bad@@example.com" }],
    });

    const csv = await respond(() =>
      skippedCsv(
        routeArgs(getRequest(`/api/imports/${body.importId}/skipped.csv`, bearer(user.token)), {
          params: { id: body.importId },
        }),
      ),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toMatch(/text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toBe(
      `attachment; filename="import-${body.importId}-skipped-rows.csv"`,
    );
    // Another person's skipped addresses: no cache may keep them.
    expect(csv.headers.get("Cache-Control")).toBe("no-store");
    expect(await csv.text()).toBe(
      "row,email,reason\r\n3,'=cmd|' /C calc'!A0,Invalid email\r\n4,bad@@example.com,Invalid email\r\n",
    );

    const foreign = await respond(() =>
      skippedCsv(
        routeArgs(getRequest(`/api/imports/${body.importId}/skipped.csv`, bearer(other.token)), {
          params: { id: body.importId },
        }),
      ),
    );
    expect(foreign.status).toBe(404);
    const chunkIntoForeign = await postImport(other.token, {
      importId: body.importId,
      chunkIndex: 5,
      contacts: [{ email: "x@example.com" }],
    });
    expect(chunkIntoForeign.status).toBe(404);
  });

  test("bad bodies get a 400 naming the field, oversized ones a 413, no token a 401", async () => {
    const user = await createSignedInUser();
    const notAList = await postImport(user.token, { contacts: "ada@example.com" });
    expect(notAList.status).toBe(400);
    expect(notAList.body.message).toMatch(/contacts/);

    const tooMany = await postImport(user.token, {
      contacts: Array.from({ length: 10_001 }, (_, i) => ({ email: `p${i}@example.com` })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/At most 10000 contacts per request/);

    const huge = "x".repeat(33 * 1024 * 1024);
    const oversized = await respond(() =>
      importContacts(
        routeArgs(
          jsonRequest("/api/contacts/import", `{"contacts":[{"email":"${huge}"}]}`, { headers: bearer(user.token) }),
        ),
      ),
    );
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toEqual({
      message: "The request body is too large: at most 32 MB can be sent here.",
    });

    const anonymous = await respond(() =>
      importContacts(routeArgs(jsonRequest("/api/contacts/import", { contacts: [] }))),
    );
    expect(anonymous.status).toBe(401);
  });

  test("a 10,000-character name is skipped with its reason, HTML in names is kept as text", async () => {
    const user = await createSignedInUser();
    const { body } = await postImport(user.token, {
      contacts: [
        { name: "y".repeat(10_000), email: "long@example.com" },
        { name: "<script>alert(1)</script>", email: "html@example.com" },
      ],
    });
    expect(body).toMatchObject({ imported: 1, skipped: 1 });
    expect(body.errors[0]).toMatchObject({ rowNumber: 2, reason: "Name longer than 500 characters" });
    const { data } = await contactsOf(user.token);
    expect(data[0]).toMatchObject({ email: "html@example.com", name: "<script>alert(1)</script>" });
  });
});
