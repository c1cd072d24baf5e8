import { describe, expect, test } from "vitest";
import { action as editAction, loader as editPage } from "#app/routes/dashboard/broadcast-edit.tsx";
import { action as createAction } from "#app/routes/dashboard/broadcast-new.tsx";
import { getDb } from "#db/database.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { signedIn } from "../factories.ts";
import { formRequest, getRequest } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { ownerAccess } from "../team-access.ts";

const storedGoal = async (teamId: string) =>
  (
    await getDb()
      .selectFrom("campaigns")
      .select("conversionGoal")
      .where("teamId", "=", teamId)
      .executeTakeFirstOrThrow()
  ).conversionGoal;

describe("the conversion goal in the campaign editor", () => {
  test("a plain form post saves the goal, its property rows (empty ones left out) and the default window", async () => {
    const user = await signedIn();
    const response = await serveDashboard(
      createAction,
      formRequest(
        "/dashboard/broadcasts/new",
        {
          name: "Launch",
          type: "EMAIL",
          "conversionGoal.event": "Order Completed",
          "conversionGoal.withinDays": "",
          "conversionGoal.revenueProperty": "total",
          "conversionGoal.properties[0].property": "total",
          "conversionGoal.properties[0].operator": "greater_than",
          "conversionGoal.properties[0].value": "10",
          "conversionGoal.properties[1].property": "",
          "conversionGoal.properties[1].operator": "equals",
          "conversionGoal.properties[1].value": "",
        },
        user.cookie,
      ),
    );
    expect(response.status).toBe(302);
    expect(await storedGoal(user.teamId)).toEqual({
      event: "Order Completed",
      withinDays: 5,
      revenueProperty: "total",
      properties: [{ property: "total", operator: "greater_than", value: 10 }],
    });
  });

  test("bad goal fields are a 400 with each message on its own field, and nothing is saved", async () => {
    const user = await signedIn();
    const response = await serveDashboard(
      createAction,
      formRequest(
        "/dashboard/broadcasts/new",
        {
          name: "Launch",
          type: "EMAIL",
          "conversionGoal.event": "Order Completed",
          "conversionGoal.withinDays": "200",
          "conversionGoal.properties[0].property": "total",
          "conversionGoal.properties[0].operator": "greater_than",
          "conversionGoal.properties[0].value": "lots",
          "conversionGoal.properties[1].property": "plan",
          "conversionGoal.properties[1].operator": "equals",
          "conversionGoal.properties[1].value": "",
        },
        user.cookie,
      ),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error).toEqual({
      "conversionGoal.withinDays": ["Enter a whole number of days from 1 to 90"],
      "conversionGoal.properties[0].value": ["Expected a number"],
      "conversionGoal.properties[1].value": ["Enter a value to compare with"],
    });
    expect(await getDb().selectFrom("campaigns").select("id").where("teamId", "=", user.teamId).execute()).toEqual([]);
  });

  test("the edit form shows the goal with a row to add a condition; emptying the event removes the goal", async () => {
    const user = await signedIn();
    const fields = {
      name: "Launch",
      type: "EMAIL",
      "conversionGoal.event": "Signed Up",
      "conversionGoal.withinDays": "3",
    };
    await serveDashboard(createAction, formRequest("/dashboard/broadcasts/new", fields, user.cookie));
    const { id } = await getDb()
      .selectFrom("campaigns")
      .select("id")
      .where("teamId", "=", user.teamId)
      .executeTakeFirstOrThrow();
    const page = await (
      await serveDashboard(editPage, getRequest(`/dashboard/broadcasts/${id}/edit`, user.cookie), { id })
    ).json();
    expect(page.campaign.conversionGoal).toEqual({
      event: "Signed Up",
      withinDays: "3",
      revenueProperty: "",
      properties: [{ property: "", operator: "equals", value: "" }],
    });
    const saved = await serveDashboard(
      editAction,
      formRequest(`/dashboard/broadcasts/${id}/edit`, { ...fields, "conversionGoal.event": "" }, user.cookie),
      { id },
    );
    expect(saved.status).toBe(302);
    expect(await storedGoal(user.teamId)).toBeNull();
  });

  test("a goal set through the API, with any property operator, is shown by the editor and saved back unchanged", async () => {
    const user = await signedIn();
    const goal = {
      event: "Order Completed",
      withinDays: 7,
      revenueProperty: null,
      properties: [
        { property: "plan", operator: "in_list" as const, value: ["pro", "team"] },
        { property: "coupon", operator: "starts_with" as const, value: "SPRING" },
      ],
    };
    const campaign = await createCampaign(getDb(), {
      access: await ownerAccess(user.teamId),
      input: {
        name: "Sale",
        type: "EMAIL",
        subject: "Sale",
        content: "<p>Sale</p>",
        segmentIds: [],
        scheduledTime: "",
        conversionGoal: goal,
      },
    });
    const page = await (
      await serveDashboard(editPage, getRequest(`/dashboard/broadcasts/${campaign.id}/edit`, user.cookie), {
        id: campaign.id,
      })
    ).json();
    const shown = page.campaign.conversionGoal;
    expect(shown.properties.slice(0, 2)).toEqual([
      { property: "plan", operator: "in_list", value: "pro, team" },
      { property: "coupon", operator: "starts_with", value: "SPRING" },
    ]);
    const fields: Record<string, string> = {
      name: "Sale",
      type: "EMAIL",
      "conversionGoal.event": shown.event,
      "conversionGoal.withinDays": shown.withinDays,
      "conversionGoal.revenueProperty": shown.revenueProperty,
    };
    shown.properties.forEach((row: Record<string, string>, i: number) => {
      for (const key of ["property", "operator", "value"]) fields[`conversionGoal.properties[${i}].${key}`] = row[key]!;
    });
    const saved = await serveDashboard(
      editAction,
      formRequest(`/dashboard/broadcasts/${campaign.id}/edit`, fields, user.cookie),
      { id: campaign.id },
    );
    expect(saved.status).toBe(302);
    expect(await storedGoal(user.teamId)).toEqual(goal);
  });
});
