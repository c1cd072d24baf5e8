import { describe, expect, test } from "vitest";
import { AppError } from "#server/errors.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";
import { decodeCursor } from "#server/keyset-cursor.ts";

const firstPage = "/dashboard/contacts?hasPhone=yes";
const message = "That page link is no longer valid, so the list starts from the first page.";

describe("a list page with a stale cursor", () => {
  test("goes back to its first page with a toast saying why", async () => {
    const reading = Promise.resolve().then(() => decodeCursor("not-a-cursor"));
    const thrown = await startOverOnStaleCursor(reading, { firstPage, message }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(firstPage);
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
  });

  test("reads as usual when the cursor is good, and lets any other failure through", async () => {
    expect(await startOverOnStaleCursor(Promise.resolve(["page"]), { firstPage, message })).toEqual(["page"]);
    const other = new AppError("NOT_FOUND", "Contact not found.");
    await expect(startOverOnStaleCursor(Promise.reject(other), { firstPage, message })).rejects.toBe(other);
  });
});
