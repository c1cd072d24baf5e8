import { describe, expect, test } from "vitest";
import { action as preferencesAction, loader as preferencesPage } from "#app/routes/dashboard/account-preferences.tsx";
import { loader as dashboardLayout } from "#app/routes/dashboard/layout.tsx";
import { action as notificationsAction, loader as notificationsPage } from "#app/routes/dashboard/notifications.tsx";
import { getDb } from "#db/database.ts";
import { notifyTeam } from "#server/notifications/notify.ts";
import { signedIn } from "../factories.ts";
import { flashOf, formRequest, getRequest, setCookies } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { addMember } from "./people.ts";

const setCookieOf = (response: Response, name: string) => `${name}=${setCookies(response).get(name)?.value}`;

const importDone = (teamId: string, n: number) =>
  notifyTeam(getDb(), {
    teamId,
    kind: "import-done",
    title: `Import ${n} finished`,
    linkPath: `/dashboard/imports/${n}`,
    dedupeKey: `page-test:${n}`,
  });

async function bell(cookie: HeadersInit) {
  const page = await (await serveDashboard(dashboardLayout, getRequest("/dashboard", cookie))).json();
  return page.notifications as { unread: number; latest: { id: string; title: string; linkPath: string }[] };
}

describe("the bell and the notifications page", () => {
  test("every page load carries the unread count and the latest ten, each with its link", async () => {
    const user = await signedIn();
    for (let n = 1; n <= 12; n++) await importDone(user.teamId, n);
    const shown = await bell(user.cookie);
    expect(shown.unread).toBe(12);
    expect(shown.latest).toHaveLength(10);
    expect(shown.latest[0]).toMatchObject({ title: "Import 12 finished", linkPath: "/dashboard/imports/12" });

    const page = await (
      await serveDashboard(notificationsPage, getRequest("/dashboard/notifications", user.cookie))
    ).json();
    expect(page.notifications).toHaveLength(12);
  });

  test("mark one read, then all, returning to the page the form was on with a toast", async () => {
    const user = await signedIn();
    await importDone(user.teamId, 1);
    await importDone(user.teamId, 2);
    const [newest] = (await bell(user.cookie)).latest;

    const one = await serveDashboard(
      notificationsAction,
      formRequest(
        "/dashboard/notifications",
        { intent: "read", id: newest!.id, redirectTo: "/dashboard/contacts" },
        user.cookie,
      ),
    );
    expect(one.status).toBe(302);
    expect(one.headers.get("Location")).toBe("/dashboard/contacts");
    expect(await flashOf(one)).toMatchObject([{ description: "Marked as read." }]);
    expect((await bell(user.cookie)).unread).toBe(1);

    const all = await serveDashboard(
      notificationsAction,
      formRequest("/dashboard/notifications", { intent: "read-all", redirectTo: "https://evil.example/" }, user.cookie),
    );
    expect(all.headers.get("Location")).toBe("/dashboard/notifications");
    expect(await flashOf(all)).toMatchObject([{ description: "All notifications are marked as read." }]);
    expect((await bell(user.cookie)).unread).toBe(0);
  });

  test("someone else's notification is a 404, and a form without an intent a 400", async () => {
    const owner = await signedIn();
    const colleague = await addMember(owner.teamId);
    await importDone(owner.teamId, 1);
    const theirs = await getDb()
      .selectFrom("notifications")
      .select("id")
      .where("userId", "=", colleague.userId)
      .executeTakeFirstOrThrow();

    const stolen = await serveDashboard(
      notificationsAction,
      formRequest("/dashboard/notifications", { intent: "read", id: theirs.id }, owner.cookie),
    );
    expect(stolen.status).toBe(404);
    expect(await stolen.text()).toContain("Notification not found.");

    const blank = await serveDashboard(notificationsAction, formRequest("/dashboard/notifications", {}, owner.cookie));
    expect(blank.status).toBe(400);
  });
});

describe("Preferences", () => {
  test("shows every kind on and the theme; saving turns a kind off for good and sets the theme cookie", async () => {
    const user = await signedIn();
    const before = await (
      await serveDashboard(preferencesPage, getRequest("/dashboard/account/preferences", user.cookie))
    ).json();
    expect(before.enabledKinds).toContain("import-done");
    expect(before.theme).toBe("light");

    const saved = await serveDashboard(
      preferencesAction,
      formRequest("/dashboard/account/preferences", { kinds: ["campaign-sent"], theme: "dark" }, user.cookie),
    );
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toMatchObject([{ description: "Your preferences are saved." }]);

    await importDone(user.teamId, 1);
    expect((await bell(user.cookie)).unread).toBe(0);
    // The browser sends back the theme cookie the save set.
    const withTheme = { Cookie: `${user.cookie.Cookie}; ${setCookieOf(saved, "murmur-ui-theme")}` };
    const after = await (
      await serveDashboard(preferencesPage, getRequest("/dashboard/account/preferences", withTheme))
    ).json();
    expect(after.enabledKinds).toEqual(["campaign-sent"]);
    expect(after.theme).toBe("dark");
  });

  test("an unknown theme or kind is a 400 naming the field, and nothing is saved", async () => {
    const user = await signedIn();
    const bad = await serveDashboard(
      preferencesAction,
      formRequest("/dashboard/account/preferences", { kinds: ["import-done", "gossip"], theme: "purple" }, user.cookie),
    );
    expect(bad.status).toBe(400);
    const { result } = await bad.json();
    expect(result.error.theme).toEqual(["Choose Light or Dark."]);
    expect(JSON.stringify(result.error)).toContain("Choose notifications from the list.");
    await importDone(user.teamId, 1);
    expect((await bell(user.cookie)).unread).toBe(1);
  });
});
