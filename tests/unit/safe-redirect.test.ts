import { describe, expect, test } from "vitest";
import { safeRedirectPath } from "#app/http/session.ts";

describe("safeRedirectPath", () => {
  test.each(["/dashboard", "/dashboard/contacts?page=2#top", "/"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  test.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r//evil.example",
    "javascript:alert(1)",
    "dashboard",
    "",
    null,
    undefined,
    42,
  ])("replaces %s with the fallback", (value) => {
    expect(safeRedirectPath(value)).toBe("/dashboard");
    expect(safeRedirectPath(value, "/")).toBe("/");
  });
});
