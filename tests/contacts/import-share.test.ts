import { describe, expect, test } from "vitest";
import {
  FIRST_BACKLOG_ALLOWANCE,
  IMPORT_CATCH_UP_SECONDS,
  IMPORT_QUIET_MS,
  importShare,
} from "#server/contacts/import-share.ts";

// When each search index lane works beside an import in the same process; the clock is
// passed in as performance.now() milliseconds.
describe("the search indexers' share of the cores during an import", () => {
  test("with no import running, every lane works at once on its own lane", () => {
    const share = importShare();
    for (const lane of [0, 1]) {
      expect(share.waitMs(lane, 1000)).toBe(0);
      expect(share.takesEveryLane(lane, 1000)).toBe(false);
    }
  });

  test("while chunks keep coming, the first lane takes every lane and the others wait until the import goes quiet", () => {
    const share = importShare();
    share.chunkCommitted(5000, 1000);
    expect(share.waitMs(0, 1000)).toBe(0);
    expect(share.takesEveryLane(0, 1000)).toBe(true);
    expect(share.waitMs(1, 1100)).toBe(IMPORT_QUIET_MS - 100);
    // No chunk for IMPORT_QUIET_MS: each lane takes its own again.
    expect(share.waitMs(1, 1000 + IMPORT_QUIET_MS)).toBe(0);
    expect(share.takesEveryLane(0, 1000 + IMPORT_QUIET_MS)).toBe(false);
  });

  test("a backlog past the allowance has every lane working on its own during the import, until it is back under", () => {
    const share = importShare();
    let now = 0;
    for (let queued = 0; queued <= FIRST_BACKLOG_ALLOWANCE; queued += 5000) share.chunkCommitted(5000, (now += 100));
    expect(share.waitMs(1, now)).toBe(0);
    expect(share.takesEveryLane(0, now)).toBe(false);
    // 105,000 queued; six small batches take it under 100,000, too small to measure a rate by.
    for (let batch = 0; batch < 6; batch++) share.indexed(999, 0.1);
    expect(share.allowance()).toBe(FIRST_BACKLOG_ALLOWANCE);
    expect(share.waitMs(1, now)).toBe(IMPORT_QUIET_MS);
    expect(share.takesEveryLane(0, now)).toBe(true);
  });

  test("the allowance is what one lane indexes in IMPORT_CATCH_UP_SECONDS at the rate measured", () => {
    const share = importShare();
    share.indexed(5000, 0.25);
    expect(share.allowance()).toBe(IMPORT_CATCH_UP_SECONDS * 20_000);
    // A slower batch pulls the average down, by a fifth of the difference.
    share.indexed(5000, 0.5);
    expect(share.allowance()).toBe(IMPORT_CATCH_UP_SECONDS * 18_000);
  });

  test("when the import closes, every lane works on its own and the backlog count starts over", () => {
    const share = importShare();
    share.chunkCommitted(FIRST_BACKLOG_ALLOWANCE + 1, 1000);
    share.importEnded();
    expect(share.waitMs(1, 1000)).toBe(0);
    expect(share.takesEveryLane(0, 1000)).toBe(false);
    // A new import starts with nothing counted: its first chunk leaves the second lane waiting.
    share.chunkCommitted(5000, 2000);
    expect(share.waitMs(1, 2000)).toBe(IMPORT_QUIET_MS);
  });
});
