import { describe, expect, test } from "vitest";
import { loader as analyticsApi } from "#app/routes/api/analytics.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { seedEvents } from "../events/seed.ts";
import { rollUpEvents } from "./roll-up.ts";

const DAY = 86_400_000;
const yesterdayNoon = () => new Date(Math.floor(Date.now() / DAY) * DAY - DAY / 2);

async function propertyValues(token: string, query: string) {
  const response = await respond(() => analyticsApi(routeArgs(getRequest(`/api/analytics?${query}`, bearer(token)))));
  return { status: response.status, body: await response.json() };
}

describe("an event property's top values", () => {
  test("keep at most 100 values a day, counting the rest as (other); long values are cut, nested ones left out", async () => {
    const user = await signedIn();
    const at = yesterdayNoon();
    const order = (sku: unknown, extra: Record<string, unknown> = {}) => ({
      name: "Item Added",
      properties: { sku, ...extra },
      occurredAt: at,
    });
    // One batch: "a" three times, then 105 other values once each; the most frequent new ones are kept first.
    await seedEvents(user.teamId, [
      ...Array.from({ length: 3 }, () => order("a")),
      ...Array.from({ length: 105 }, (_, i) => order(`v${String(i).padStart(3, "0")}`)),
    ]);
    await rollUpEvents();
    // A later batch: a kept value still counts in its own row; a new one past the limit goes to (other).
    await seedEvents(user.teamId, [order("v000"), order("brand new"), order({ nested: true }), order("x".repeat(300))]);
    await rollUpEvents();

    const { status, body } = await propertyValues(user.token, "range=7d&property=sku&event=Item+Added");
    expect(status).toBe(200);
    const values = body.data.propertyValues.values as { value: string | null; events: number }[];
    expect(values.slice(0, 3)).toEqual([
      { value: "a", events: 3 },
      { value: "v000", events: 2 },
      { value: "v001", events: 1 },
    ]);
    expect(values).toHaveLength(11);
    // v099 to v104 (6), "brand new" and the long value: 8 counted, not kept. The nested value is not counted.
    expect(values.at(-1)).toEqual({ value: null, events: 8 });
    // Without `property`, the answer is as it always was.
    expect((await propertyValues(user.token, "range=7d")).body.data.propertyValues).toBeUndefined();
  });

  test("a day filled over several batches keeps only the room left, the most frequent new values first", async () => {
    const user = await signedIn();
    const at = yesterdayNoon();
    const viewed = (page: string) => ({ name: "Page Viewed", properties: { page }, occurredAt: at });
    const each = (prefix: string, count: number, times: number) =>
      Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, "0")}`).flatMap((page) =>
        Array.from({ length: times }, () => viewed(page)),
      );
    // 60 values kept, then 50 new ones for the 40 places left: the 40 seen twice are kept, the 10 seen once are not.
    await seedEvents(user.teamId, each("w", 60, 1));
    await rollUpEvents();
    await seedEvents(user.teamId, [...each("n", 40, 2), ...each("s", 10, 1), viewed("w00")]);
    await rollUpEvents();
    // The day is full now: a known value keeps its row, a new one goes to (other).
    await seedEvents(user.teamId, [viewed("w01"), viewed("late")]);
    await rollUpEvents();

    const { body } = await propertyValues(user.token, "range=7d&property=page&event=Page+Viewed");
    const values = body.data.propertyValues.values as { value: string | null; events: number }[];
    expect(values.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => ({ value: `n0${i}`, events: 2 })));
    expect(values.at(-1)).toEqual({ value: null, events: 11 });
  });

  test("a property name too long is a 400 naming the parameter", async () => {
    const user = await signedIn();
    const { status, body } = await propertyValues(user.token, `range=7d&property=${"p".repeat(201)}`);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("A property name is at most 200 characters.");
  });
});
