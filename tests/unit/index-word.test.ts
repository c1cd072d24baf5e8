import { describe, expect, test } from "vitest";
import { indexWord } from "#server/contacts/search.ts";

describe("indexWord", () => {
  test("prefers the word with the most digits, then the longest, of at least three characters", () => {
    expect(indexWord("person.4242")).toBe("4242");
    expect(indexWord("ada lovelace")).toBe("lovelace");
    expect(indexWord("john.smith@gmail.com")).toBe("smith");
    expect(indexWord("+1 415 555 0123")).toBe("0123");
    expect(indexWord("zoë müller")).toBe("müller");
    expect(indexWord("a@b")).toBeNull();
  });
});
