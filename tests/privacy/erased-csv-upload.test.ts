import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { importCsvUpload } from "#server/contacts/csv-upload.ts";
import { listImportSkips } from "#server/contacts/import.ts";
import { createSignedInUser } from "../factories.ts";
import { ORIGIN } from "../requests.ts";
import { deleteContactByEmail, importRows, searchContacts } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

/** The no-JavaScript import form as a browser posts it: the checkbox (when ticked) before the file. */
function uploadRequest(csv: string, allowErased: boolean): Request {
  const form = new FormData();
  if (allowErased) form.set("allowErased", "on");
  form.set("file", new File([csv], "contacts.csv", { type: "text/csv" }));
  return new Request(`${ORIGIN}/dashboard/segments/import`, { method: "POST", body: form });
}

describe("the CSV import form and erased contacts", () => {
  test("skips an erased email with the reason, and takes it back when 'Allow erased contacts back' is ticked", async () => {
    const user = await createSignedInUser();
    await importRows(user.token, { contacts: [{ email: "lee@example.com" }] });
    expect((await deleteContactByEmail(user.token, "lee@example.com")).status).toBe(204);
    const csv = "email,name\nLee@Example.com,Lee\n";

    const refused = await importCsvUpload(getDb(), {
      access: await ownerAccess(user.teamId),
      request: uploadRequest(csv, false),
    });
    if (!refused.ok) throw new Error(refused.problem.description);
    expect(refused.summary).toMatchObject({ imported: 0, skipped: 1 });
    const skips = await listImportSkips(getDb(), {
      teamId: user.teamId,
      importId: refused.summary.id,
      afterRow: 0,
      limit: 10,
    });
    expect(skips.map((s) => [s.rowNumber, s.reason])).toEqual([[2, "Erased at the contact's request"]]);
    expect(await searchContacts(user.token, "lee@")).toEqual([]);

    const allowed = await importCsvUpload(getDb(), {
      access: await ownerAccess(user.teamId),
      request: uploadRequest(csv, true),
    });
    expect(allowed.ok && allowed.summary).toMatchObject({ imported: 1, skipped: 0 });
    expect(await searchContacts(user.token, "lee@")).toHaveLength(1);
  });
});
