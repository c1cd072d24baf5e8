import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { loader as click } from "#app/routes/tracking/click.tsx";
import { loader as pixel } from "#app/routes/tracking/open.ts";
import { loader as unsubscribePage, middleware as unsubscribeMiddleware } from "#app/routes/unsubscribe.tsx";
import { getDb } from "#db/database.ts";
import { loggablePath } from "#server/http/loggable-path.ts";
import { createRequestLog } from "#server/http/request-log.ts";
import { getTrackingKey } from "#server/tracking/key.ts";
import { signClickToken, signOpenToken, signUnsubscribeToken } from "#server/tracking/tokens.ts";
import { createUser } from "../factories.ts";
import { createSentCampaign } from "./fixtures.ts";
import { respond, routeArgs } from "../serve-route.ts";

// What an operator's log shows of the links in recipients' mail: a token in a log is
// as good as the link itself (unsubscribe someone, click in their name).

const lines: string[] = [];
const logger = pino(
  { level: "info" },
  new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }),
);

// The request log in front of the real tracking and unsubscribe route modules, served over HTTP.
const app = express();
app.use(createRequestLog(logger));
app.all(/.*/, async (req, res) => {
  const request = new Request(`http://murmur.test${req.originalUrl}`, {
    method: req.method,
    headers: { "Content-Type": req.get("Content-Type") ?? "text/plain" },
    body: req.method === "POST" ? await readBody(req) : undefined,
  });
  const [, kind, token = ""] = /^\/(t\/o|t\/c|u)\/([^/?]+)/.exec(req.path) ?? [];
  const args = routeArgs(request, { params: { token } });
  const response = await respond(() =>
    kind === "t/o"
      ? pixel(args)
      : kind === "t/c"
        ? click(args)
        : unsubscribeMiddleware[0]!(args as never, () => respond(() => unsubscribePage(args as never))),
  );
  res.status(response.status).end();
});

let base: string;
let server: ReturnType<typeof app.listen>;
beforeAll(async () => {
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function readBody(req: express.Request): Promise<string> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  return body;
}

async function tokensOfOneRecipient() {
  const { teamId } = await createUser();
  const { recipients } = await createSentCampaign(teamId, { recipients: 1 });
  const { contactId, deliveryId } = recipients[0]!;
  const key = await getTrackingKey(getDb());
  return {
    contactId,
    unsubscribe: signUnsubscribeToken(key, { deliveryId, teamId, contactId, channel: "EMAIL" }),
    click: signClickToken(key, { deliveryId, linkIndex: 0, url: "https://example.com/offer" }),
    open: signOpenToken(key, deliveryId),
  };
}

/** The `count` request lines logged for what `run` asked. */
async function logged(count: number, run: () => Promise<unknown>) {
  lines.length = 0;
  await run();
  // A line is written when the server sees its response finish, which may come just after the client has it.
  await vi.waitFor(() => expect(lines).toHaveLength(count));
  return lines.map((line) => JSON.parse(line) as { msg: string; method: string; path: string; status: number });
}

describe("the request log", () => {
  test("shows an unsubscribe request, its page and its one-click POST, without the token", async () => {
    const { contactId, unsubscribe } = await tokensOfOneRecipient();
    const output = await logged(2, async () => {
      expect((await fetch(`${base}/u/${unsubscribe}`)).status).toBe(200);
      const oneClick = await fetch(`${base}/u/${unsubscribe}?token=${unsubscribe}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
    });
    expect(output.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: "GET", path: "/u/:token", status: 200 },
      { method: "POST", path: "/u/:token", status: 200 },
    ]);
    expect(JSON.stringify(output)).not.toContain(unsubscribe);
    expect(JSON.stringify(output)).not.toContain(unsubscribe.slice(0, 16));
    // The request really was an unsubscribe.
    expect(
      (await getDb().selectFrom("contacts").select("emailStatus").where("id", "=", contactId).executeTakeFirstOrThrow())
        .emailStatus,
    ).toBe("unsubscribed");
  });

  test("shows followed links and fetched pixels without their tokens, whatever the case of the path", async () => {
    const tokens = await tokensOfOneRecipient();
    const output = await logged(3, async () => {
      expect((await fetch(`${base}/t/c/${tokens.click}`, { redirect: "manual" })).status).toBe(302);
      expect((await fetch(`${base}/t/o/${tokens.open}.gif`)).status).toBe(200);
      await fetch(`${base}/T/C/${tokens.click}`, { redirect: "manual" });
    });
    expect(output.map((line) => line.path)).toEqual(["/t/c/:token", "/t/o/:token", "/T/C/:token"]);
    for (const token of [tokens.click, tokens.open]) expect(JSON.stringify(output)).not.toContain(token.slice(0, 16));
  });
});

describe("loggablePath", () => {
  test("keeps other paths as they are, and hides a token even in a path that is not found", () => {
    expect(loggablePath("/dashboard/contacts")).toBe("/dashboard/contacts");
    expect(loggablePath("/v1/track")).toBe("/v1/track");
    expect(loggablePath("/u/abc_DEF-123/extra")).toBe("/u/:token/extra");
    expect(loggablePath("//t//o/abc.gif?x=abc")).toBe("//t//o/:token");
    expect(loggablePath("/terms")).toBe("/terms");
  });
});
