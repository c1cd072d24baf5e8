import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { handOver } from "#server/delivery/handoff.ts";

// Marks, sends and reads take fixed times on a fake clock, so the order in which they
// finish (what these tests are about) is the same on any machine.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a handoff to its end on the fake clock. */
async function run<T>(handoff: Promise<T>): Promise<T> {
  const settled = handoff.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const outcome = await settled;
  if ("error" in outcome) throw outcome.error;
  return outcome.value;
}

/** `count` numbers served `per` at a time, as windows of due deliveries would be. */
function windows(count: number, per: number) {
  let next = 0;
  const taken: number[] = [];
  return {
    taken,
    take: async () => {
      await sleep(2);
      if (next >= count) return null;
      const batch = Array.from({ length: Math.min(per, count - next) }, (_, i) => next + i);
      next += batch.length;
      taken.push(...batch);
      return batch;
    },
  };
}

describe("handing messages over", () => {
  test("never more than the limit unanswered, marked before sent, in fewer marks than messages, windows taken before the wire runs dry", async () => {
    const source = windows(47, 10);
    const marked = new Set<number>();
    const sent: number[] = [];
    const marks: number[][] = [];
    let unanswered = 0;
    let most = 0;
    let idleWhileMore = 0;
    await run(
      handOver({
        limit: 4,
        take: source.take,
        mark: async (group) => {
          marks.push(group);
          await sleep(3);
          for (const item of group) marked.add(item);
          return group;
        },
        send: async (item) => {
          expect(marked.has(item)).toBe(true);
          unanswered += 1;
          most = Math.max(most, unanswered);
          await sleep(1 + (item % 3) * 2);
          unanswered -= 1;
          sent.push(item);
          if (unanswered === 0 && sent.length < 47 && source.taken.length === sent.length) idleWhileMore += 1;
        },
      }),
    );
    expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: 47 }, (_, i) => i));
    expect(most).toBe(4);
    expect(marks.flat()).toHaveLength(47);
    expect(marks.length).toBeLessThan(47);
    expect(Math.max(...marks.map((group) => group.length))).toBeLessThanOrEqual(4);
    expect(idleWhileMore).toBe(0);
  });

  test("while messages are out, a mark waits for half the slots; the last few go at once", async () => {
    const marks: number[][] = [];
    await run(
      handOver({
        limit: 6,
        take: windows(20, 20).take,
        mark: async (group) => {
          marks.push(group);
          await sleep(1);
          return group;
        },
        send: async (item) => {
          await sleep(1 + (item % 4));
        },
      }),
    );
    expect(marks.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // The first group fills every slot; later ones are at least half of them, but for the tail.
    expect(marks[0]).toHaveLength(6);
    expect(marks.slice(1, -1).every((group) => group.length >= 3)).toBe(true);
  });

  test("messages the mark does not confirm are not sent", async () => {
    const sent: number[] = [];
    await run(
      handOver({
        limit: 5,
        take: windows(23, 7).take,
        mark: async (group) => group.filter((item) => item % 2 === 0),
        send: async (item) => void sent.push(item),
      }),
    );
    expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i * 2));
  });

  test("a failing mark stops the handoff after the messages on the wire are answered", async () => {
    let marks = 0;
    const answered: number[] = [];
    const done = run(
      handOver({
        limit: 3,
        take: windows(20, 10).take,
        mark: async (group) => {
          marks += 1;
          if (marks === 2) throw new Error("database gone");
          return group;
        },
        send: async (item) => {
          await sleep(5);
          answered.push(item);
        },
      }),
    );
    await expect(done).rejects.toThrow("database gone");
    expect(answered.sort()).toEqual([0, 1, 2]);
    expect(marks).toBe(2);
  });
});
