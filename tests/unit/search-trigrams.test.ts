import { describe, expect, test } from "vitest";
import { foldAccents } from "#server/contacts/fold-accents.ts";
import { indexWord } from "#server/contacts/search.ts";
import { appendSearchTrigrams, searchTrigrams } from "#server/contacts/search-trigrams.ts";

// Search texts as the indexer writes them (name, email, phone; lower-cased, accents folded).
const TEXTS = [
  "ada lovelace person.4242@example-5.com +14155514242",
  "zoë brontë zoe.bronte@example.com +33612345678",
  "łukasz o'brien lukasz@sklep.pl",
  "олена шевченко olena@example.ua +380441234567",
  "李 王 li.wang@example.cn",
  "𠀀𠀁𠀂x astral@example.com",
  "nguyễn mặt ",
].map(foldAccents);

describe("searchTrigrams", () => {
  test("every word a search can ask the index for has all its keys among the keys of each text containing it", () => {
    let words = 0;
    for (const text of TEXTS) {
      const keys = new Set(searchTrigrams(text));
      // Every piece of the text a person could type, and the word the search asks the index for.
      for (let start = 0; start < text.length; start++) {
        for (let end = start + 1; end <= text.length; end++) {
          const word = indexWord(text.slice(start, end));
          if (!word) continue;
          words += 1;
          for (const key of searchTrigrams(word)) expect(keys.has(key), `${word} in ${text}`).toBe(true);
        }
      }
    }
    expect(words).toBeGreaterThan(1000);
  });

  test("a text that does not contain the word lacks at least one of its keys", () => {
    const keys = new Set(searchTrigrams(TEXTS[0]!));
    for (const word of ["lovelacy", "4243", "example6", "bronte", "zoe"]) {
      expect(
        searchTrigrams(word).some((key) => !keys.has(key)),
        word,
      ).toBe(true);
    }
  });

  test("distinct trigrams of letters and digits have distinct keys, and each key is a 32-bit integer", () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    const seen = new Set<number>();
    for (const a of alphabet)
      for (const b of alphabet) for (const c of alphabet) seen.add(searchTrigrams(a + b + c)[0]!);
    expect(seen.size).toBe(alphabet.length ** 3);
    const unicode = searchTrigrams("олена шевченко 李王李 𠀀𠀁𠀂");
    for (const key of [...seen, ...unicode]) expect(key).toBe(key | 0);
  });

  test("reads runs of letters and digits as the regular expression does, in any script and past the 16-bit characters", () => {
    // The same keys, the runs found the plain way: each run of /[\p{L}\p{N}]{3,}/u on its own.
    const plainly = (text: string) => {
      const keys = new Set<number>();
      for (const [run] of text.matchAll(/[\p{L}\p{N}]{3,}/gu)) for (const key of searchTrigrams(run)) keys.add(key);
      return [...keys].sort();
    };
    const pieces = ["a", "z", "9", " ", ".", "@", "+", "-", "é", "ß", "ж", "李", "𠀀", "😀", "\u0301", "١", "\ud800"];
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let n = 0; n < 3_000; n++) {
      const text = Array.from({ length: next() % 24 }, () => pieces[next() % pieces.length]).join("");
      expect([...searchTrigrams(text)].sort(), JSON.stringify(text)).toEqual(plainly(text));
    }
  });

  test("gives each text's keys in ascending order, as the index sorts them, also when gathered for several texts", () => {
    for (const text of TEXTS) {
      const keys = searchTrigrams(text);
      expect(keys).toEqual([...new Set(keys)].sort((a, b) => a - b));
    }
    // The indexer appends a batch's texts to one array: each text's slice is sorted on its own.
    const gathered: number[] = [];
    const bounds = [0];
    for (const text of TEXTS) {
      appendSearchTrigrams(text, gathered);
      bounds.push(gathered.length);
    }
    TEXTS.forEach((text, n) => expect(gathered.slice(bounds[n], bounds[n + 1])).toEqual(searchTrigrams(text)));
  });

  test("only trigrams inside words of three or more letters and digits, each once", () => {
    // ada(1) lovelace(6) person(4) 4242(2) example(5) com(1) 14155514242(9); "5" has none; 4242 repeats.
    expect(searchTrigrams(TEXTS[0]!)).toHaveLength(1 + 6 + 4 + 2 + 5 + 1 + 9 - 2);
    expect(searchTrigrams("a b c d")).toEqual([]);
  });
});
