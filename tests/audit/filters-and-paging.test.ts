import { describe, expect, test } from "vitest";
import { loader as auditLogApi } from "#app/routes/api/audit-log.ts";
import { loader as auditLogApiCsv } from "#app/routes/api/audit-log-csv.ts";
import { loader as auditLogPage } from "#app/routes/dashboard/settings-audit-log.tsx";
import { loader as auditLogCsv } from "#app/routes/dashboard/settings-audit-log-csv.ts";
import { getDb } from "#db/database.ts";
import { recordAudit } from "#server/audit/record.ts";
import type { AuditAction } from "#shared/audit/actions.ts";
import { signedIn } from "../factories.ts";
import { bearer, getRequest } from "../requests.ts";
import { respond, routeArgs, serveDashboard } from "../serve-route.ts";
import { memberOf, personAccess } from "./team-people.ts";

type Person = { userId: string; teamId: string };
type ApiPage = {
  data: Array<{ id: string; action: string; at: string; target: { label: string } }>;
  nextCursor: string | null;
};

/** An entry recorded at a given time, labelled so the test can tell entries apart. */
function record(person: Person, action: AuditAction, at: string, label: string) {
  return recordAudit(getDb(), {
    access: personAccess(person),
    action,
    target: { kind: "campaign", id: "01a20000-0000-7000-8000-00000000000a", label },
    now: new Date(at),
  });
}

async function api(token: string, query: string): Promise<Response> {
  return respond(() => auditLogApi(routeArgs(getRequest(`/api/audit-log?${query}`, bearer(token)))));
}

async function labels(token: string, query: string): Promise<string[]> {
  const response = await api(token, query);
  expect(response.status).toBe(200);
  return ((await response.json()) as ApiPage).data.map((entry) => entry.target.label);
}

/** A team whose Owner and Admin did things on three days of November 2026 in Europe/Paris. */
async function teamWithHistory() {
  const owner = await signedIn();
  await getDb().updateTable("teams").set({ timeZone: "Europe/Paris" }).where("id", "=", owner.teamId).execute();
  const admin = await memberOf(owner.teamId, "admin");
  await record(owner, "campaign.created", "2026-11-01T09:00:00Z", "owner created");
  await record(admin, "campaign.edited", "2026-11-01T22:30:00Z", "admin edited late on the 1st UTC");
  await record(owner, "campaign.sent", "2026-11-02T10:00:00Z", "owner sent");
  await record(admin, "campaign.sent", "2026-11-03T08:00:00Z", "admin sent");
  return { owner, admin };
}

describe("filtering the audit log", () => {
  test("newest first; by person, by action, and by days of the team's time zone", async () => {
    const { owner, admin } = await teamWithHistory();

    expect(await labels(owner.token, "")).toEqual([
      "admin sent",
      "owner sent",
      "admin edited late on the 1st UTC",
      "owner created",
    ]);
    expect(await labels(owner.token, `actor=${admin.userId}`)).toEqual([
      "admin sent",
      "admin edited late on the 1st UTC",
    ]);
    expect(await labels(owner.token, "action=campaign.sent")).toEqual(["admin sent", "owner sent"]);
    expect(await labels(owner.token, `action=campaign.sent&actor=${owner.userId}`)).toEqual(["owner sent"]);
    // 22:30 UTC on the 1st is 23:30 in Paris: still the 1st there.
    expect(await labels(owner.token, "from=2026-11-01&to=2026-11-01")).toEqual([
      "admin edited late on the 1st UTC",
      "owner created",
    ]);
    expect(await labels(owner.token, "from=2026-11-02")).toEqual(["admin sent", "owner sent"]);
    expect(await labels(owner.token, "to=2026-11-02")).toEqual([
      "owner sent",
      "admin edited late on the 1st UTC",
      "owner created",
    ]);
  });

  test("bad filters are a 400 naming the parameter and why", async () => {
    const { owner } = await teamWithHistory();
    const cases: Array<[string, string]> = [
      ["action=campaign.launched", "action"],
      ["actor=not-a-person", "actor"],
      ["from=2026-02-31", "from"],
      ["from=2026-11-03&to=2026-11-01", "from"],
      ["limit=0", "limit"],
      ["limit=501", "limit"],
      ["cursor=bm90IG91cnM", "cursor"],
    ];
    for (const [query, field] of cases) {
      const response = await api(owner.token, query);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(Object.keys(body.fields), query).toEqual([field]);
      expect(body.message, query).toMatch(field);
    }
  });

  test("the API pages by keyset with nextCursor, without repeating or skipping an entry", async () => {
    const { owner } = await teamWithHistory();
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const response = await api(owner.token, `limit=1&action=campaign.sent${cursor ? `&cursor=${cursor}` : ""}`);
      const body = (await response.json()) as ApiPage;
      seen.push(...body.data.map((entry) => entry.target.label));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(["admin sent", "owner sent"]);

    const pages: string[][] = [];
    cursor = null;
    do {
      const body = (await (await api(owner.token, `limit=3${cursor ? `&cursor=${cursor}` : ""}`)).json()) as ApiPage;
      pages.push(body.data.map((entry) => entry.target.label));
      cursor = body.nextCursor;
    } while (cursor);
    expect(pages).toEqual([["admin sent", "owner sent", "admin edited late on the 1st UTC"], ["owner created"]]);
  });

  test("the page keeps its filters in GET parameters and pages with Next and Previous", async () => {
    const owner = await signedIn();
    for (let i = 0; i < 52; i++) {
      await record(owner, "segment.deleted", new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(), `Segment ${i}`);
    }
    await record(owner, "team-settings.saved", "2026-11-05T00:00:00Z", "Team settings");
    const read = async (query: string) => {
      const response = await serveDashboard(
        auditLogPage,
        getRequest(`/dashboard/settings/audit-log?${query}`, owner.cookie),
      );
      expect(response.status).toBe(200);
      return response.json();
    };

    const first = await read("action=segment.deleted");
    expect(first.filter).toEqual({ action: "segment.deleted" });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({ actionLabel: "Segment deleted", targetLabel: "Segment 51" });
    expect(first.previousCursor).toBeNull();
    const second = await read(`action=segment.deleted&after=${first.nextCursor}`);
    expect(second.entries.map((e: { targetLabel: string }) => e.targetLabel)).toEqual(["Segment 1", "Segment 0"]);
    expect(second.nextCursor).toBeNull();
    const back = await read(`action=segment.deleted&before=${second.previousCursor}`);
    expect(back.entries.map((e: { targetLabel: string }) => e.targetLabel)).toEqual(
      first.entries.map((e: { targetLabel: string }) => e.targetLabel),
    );

    // A hand-edited filter is left out rather than an error page.
    const lenient = await read("action=not-an-action&from=yesterday");
    expect(lenient.filter).toEqual({});
    expect(lenient.entries[0]).toMatchObject({ actionLabel: "Team settings saved" });
  });

  test("the CSV export carries the filters and holds every matching entry, newest first", async () => {
    const { owner, admin } = await teamWithHistory();

    const response = await serveDashboard(
      auditLogCsv,
      getRequest(`/dashboard/settings/audit-log/export.csv?actor=${admin.userId}`, owner.cookie),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "time,actor_kind,actor_id,actor_name,actor_email,action,action_label,target_kind,target_id,target_label,details,ip",
    );
    expect(lines.slice(1).map((line) => line.split(",")[6])).toEqual(["Campaign sent", "Campaign edited"]);
    expect(lines[1]).toContain(admin.email);
  });

  test("GET /api/audit-log.csv takes the same filters, refuses bad ones with a 400 and Marketers with a 403", async () => {
    const { owner } = await teamWithHistory();
    const marketer = await memberOf(owner.teamId, "marketer");
    const csv = (token: string, query: string) =>
      respond(() => auditLogApiCsv(routeArgs(getRequest(`/api/audit-log.csv?${query}`, bearer(token)))));

    const sent = await csv(owner.token, "action=campaign.sent&from=2026-11-03");
    expect(sent.status).toBe(200);
    const lines = (await sent.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",campaign.sent,Campaign sent,campaign,");
    expect(lines[1]).toContain(",admin sent,");

    const bad = await csv(owner.token, "to=tomorrow");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ to: ["to must be a day as YYYY-MM-DD"] });
    const forbidden = await csv(marketer.token, "");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "A Marketer cannot see the audit log." });
  });
});
