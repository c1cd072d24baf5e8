import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { findSession, revokeSession } from "#server/auth/sessions.ts";
import { endLongLivedResponses } from "#server/long-lived-responses.ts";
import { UnreadWatch } from "#server/notifications/live-unread.ts";
import { notifyTeam } from "#server/notifications/notify.ts";
import { streamUnreadCount } from "#server/notifications/unread-stream.ts";
import { signedIn } from "../factories.ts";

const arrive = (teamId: string, n: number) =>
  notifyTeam(getDb(), {
    teamId,
    kind: "import-done",
    title: `Import ${n} finished`,
    linkPath: `/dashboard/imports/${n}`,
    dedupeKey: `live-test:${n}`,
  });

async function sessionOf(token: string): Promise<string> {
  return (await findSession(getDb(), token))!.sessionId;
}

function listen(sessionId: string) {
  const heard: string[] = [];
  return {
    heard,
    listener: {
      sessionId,
      onCount: (unread: number) => heard.push(`unread ${unread}`),
      onSignedOut: () => heard.push("signed out"),
      onHeartbeat: () => heard.push("heartbeat"),
    },
  };
}

describe("the live unread count", () => {
  test("one poll tells each stream its count when it changes, a heartbeat when quiet, and ends at sign-out", async () => {
    const db = getDb();
    const user = await signedIn();
    const watch = new UnreadWatch(db, { ticking: false });
    const { heard, listener } = listen(await sessionOf(user.token));
    const stop = watch.add(listener, 0);

    await watch.poll(1_000);
    await arrive(user.teamId, 1);
    await arrive(user.teamId, 2);
    await watch.poll(4_000);
    await watch.poll(7_000);
    await watch.poll(40_000);
    expect(heard).toEqual(["unread 0", "unread 2", "heartbeat"]);

    await revokeSession(db, user.token);
    await watch.poll(43_000);
    expect(heard.at(-1)).toBe("signed out");
    expect(watch.size).toBe(0);
    stop();
  });

  test("keeps a bounded number of streams per process", async () => {
    const user = await signedIn();
    const watch = new UnreadWatch(getDb(), { maxStreams: 2, ticking: false });
    const sessionId = await sessionOf(user.token);
    const stops = [watch.add(listen(sessionId).listener), watch.add(listen(sessionId).listener)];
    expect(() => watch.add(listen(sessionId).listener)).toThrow(/Too many live notification streams/);
    const refused = (() => {
      try {
        return streamUnreadCount(getDb(), { sessionId, signal: new AbortController().signal, watch });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toMatchObject({ code: "UNAVAILABLE" });
    for (const stop of stops) stop();
    expect(watch.size).toBe(0);
  });

  test("the stream a browser reads: a retry delay, then the count as an `unread` event", async () => {
    const user = await signedIn();
    await arrive(user.teamId, 1);
    const leaving = new AbortController();
    const watch = new UnreadWatch(getDb(), { ticking: false });
    const response = streamUnreadCount(getDb(), {
      sessionId: await sessionOf(user.token),
      signal: leaving.signal,
      watch,
    });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: unread")) text += (await reader.read()).value ?? "";
    while (!text.endsWith("\n\n")) text += (await reader.read()).value ?? "";
    expect(text).toBe("retry: 10000\n\nevent: unread\ndata: 1\n\n");
    leaving.abort();
    expect(watch.size).toBe(0);
  });

  test("a stopping server ends the stream instead of waiting for the browser to leave", async () => {
    const user = await signedIn();
    const watch = new UnreadWatch(getDb(), { ticking: false });
    const response = streamUnreadCount(getDb(), {
      sessionId: await sessionOf(user.token),
      signal: new AbortController().signal,
      watch,
    });
    const reader = response.body!.getReader();
    await reader.read();
    endLongLivedResponses();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(watch.size).toBe(0);
  });
});
