import { describe, expect, test } from "vitest";
import { firstPageHref, pageHref, readPageRequest } from "#app/lib/page-cursor.ts";

describe("page cursors in the URL", () => {
  test("a hand-edited parameter is the first page, and `after` wins over `before`", () => {
    expect(readPageRequest(new URLSearchParams("after=<script>"))).toEqual({ after: null, before: null });
    expect(readPageRequest(new URLSearchParams(`after=${"a".repeat(301)}`))).toEqual({ after: null, before: null });
    expect(readPageRequest(new URLSearchParams("after=abc&before=def"))).toEqual({ after: "abc", before: null });
    expect(readPageRequest(new URLSearchParams("excludedBefore=def"), "excluded")).toEqual({
      after: null,
      before: "def",
    });
  });

  test("moving one list leaves the other list's page where it was", () => {
    const location = { pathname: "/dashboard/broadcasts/1", search: "?after=abc&excludedAfter=xyz" };
    expect(pageHref(location, { before: "abc" })).toBe("/dashboard/broadcasts/1?excludedAfter=xyz&before=abc");
    expect(pageHref(location, { after: "n2" }, "excluded")).toBe("/dashboard/broadcasts/1?after=abc&excludedAfter=n2");
    expect(pageHref(location, { after: null })).toBeNull();
    expect(firstPageHref(location, "excluded")).toBe("/dashboard/broadcasts/1?after=abc");
    expect(firstPageHref({ pathname: "/dashboard/outbox", search: "?after=abc" })).toBe("/dashboard/outbox");
  });
});
