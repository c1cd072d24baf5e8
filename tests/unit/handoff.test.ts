import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { handOver } from "../../server/delivery/handoff.ts";

const items = Array.from({ length: 23 }, (_, i) => i);

describe("handing messages over", () => {
  test("never more than the limit unanswered, marked before sent, in fewer marks than messages", async () => {
    const marked = new Set<number>();
    const sent: number[] = [];
    const marks: number[][] = [];
    let unanswered = 0;
    let most = 0;
    await handOver(items, {
      limit: 4,
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
      },
    });
    expect(sent.sort((a, b) => a - b)).toEqual(items);
    expect(most).toBe(4);
    expect(marks.flat().sort((a, b) => a - b)).toEqual(items);
    expect(marks.length).toBeLessThan(items.length);
    expect(Math.max(...marks.map((group) => group.length))).toBeLessThanOrEqual(4);
  });

  test("items the mark does not confirm are not sent", async () => {
    const sent: number[] = [];
    await handOver(items, { limit: 5, mark: async (group) => group.filter((item) => item % 2 === 0), send: async (item) => void sent.push(item) });
    expect(sent.sort((a, b) => a - b)).toEqual(items.filter((item) => item % 2 === 0));
  });

  test("a failing mark stops the handoff after the messages on the wire are answered", async () => {
    let marks = 0;
    const answered: number[] = [];
    const done = handOver(items, {
      limit: 3,
      mark: async (group) => {
        marks += 1;
        if (marks === 2) throw new Error("database gone");
        return group;
      },
      send: async (item) => {
        await sleep(5);
        answered.push(item);
      },
    });
    await expect(done).rejects.toThrow("database gone");
    expect(answered.sort()).toEqual([0, 1, 2]);
    expect(marks).toBe(2);
  });
});
