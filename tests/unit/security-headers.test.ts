import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import {
  buildContentSecurityPolicy,
  buildSecurityHeaders,
  createNonce,
  securityHeaders,
} from "#server/http/security-headers.ts";

const PRODUCTION_HTTPS = { appUrl: "https://murmur.example.com", development: false };
const PRODUCTION_HTTP = { appUrl: undefined, development: false };

/** The policy as a map of directive name to its sources, as a browser parses it. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("buildContentSecurityPolicy", () => {
  test("admits scripts from Murmur's origin and those carrying the nonce, and nothing inline or evaluated", () => {
    const policy = directives(buildContentSecurityPolicy("bm9uY2U=", PRODUCTION_HTTPS));

    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
  });

  test("styles may be inline (no nonce, which would switch 'unsafe-inline' off), and images come from anywhere over https", () => {
    const policy = directives(buildContentSecurityPolicy("bm9uY2U=", PRODUCTION_HTTPS));

    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https:"]);
  });

  test("a plain-http deployment also shows http:// images in email previews", () => {
    const policy = directives(buildContentSecurityPolicy("bm9uY2U=", PRODUCTION_HTTP));

    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https:", "http:"]);
  });

  test("development lets Vite's hot reload open its WebSocket, and still runs no script without the nonce", () => {
    const policy = directives(buildContentSecurityPolicy("bm9uY2U=", { appUrl: undefined, development: true }));

    expect(policy.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-bm9uY2U='"]);
  });
});

describe("buildSecurityHeaders", () => {
  test("sends HSTS only when the public address is https", () => {
    expect(buildSecurityHeaders("/dashboard", "n", PRODUCTION_HTTPS)["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(buildSecurityHeaders("/dashboard", "n", PRODUCTION_HTTP)).not.toHaveProperty("Strict-Transport-Security");
    expect(
      buildSecurityHeaders("/dashboard", "n", { appUrl: "http://murmur.example.com", development: false }),
    ).not.toHaveProperty("Strict-Transport-Security");
  });

  test("pages send their origin to other sites, but the token-bearing tracking and unsubscribe URLs send nothing to them", () => {
    expect(buildSecurityHeaders("/dashboard/contacts", "n", PRODUCTION_HTTP)["Referrer-Policy"]).toBe(
      "strict-origin-when-cross-origin",
    );
    // A page with a form: its POST must still carry its Origin for the cross-site check.
    expect(buildSecurityHeaders("/u/c2lnbmVk", "n", PRODUCTION_HTTP)["Referrer-Policy"]).toBe("same-origin");
    expect(buildSecurityHeaders("/t/c/c2lnbmVk", "n", PRODUCTION_HTTP)["Referrer-Policy"]).toBe("no-referrer");
    expect(buildSecurityHeaders("/t/o/c2lnbmVk.gif", "n", PRODUCTION_HTTP)["Referrer-Policy"]).toBe("no-referrer");
    expect(buildSecurityHeaders("/terms", "n", PRODUCTION_HTTP)["Referrer-Policy"]).toBe(
      "strict-origin-when-cross-origin",
    );
  });

  test("forbids MIME sniffing", () => {
    expect(buildSecurityHeaders("/api/contacts", "n", PRODUCTION_HTTP)["X-Content-Type-Options"]).toBe("nosniff");
  });
});

test("nonces are 128 random bits, never repeated", () => {
  const nonces = new Set(Array.from({ length: 1000 }, createNonce));

  expect(nonces.size).toBe(1000);
  for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
});

describe("the securityHeaders middleware", () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  async function serve(app: express.Express): Promise<string> {
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  test("gives every response a fresh nonce, the same one in its policy and to what renders the page, kept when applied twice", async () => {
    const middleware = securityHeaders(PRODUCTION_HTTPS);
    const app = express();
    app.use(middleware, middleware);
    app.get("/page", (_req, res) => {
      res.send(`nonce=${res.locals.cspNonce}`);
    });
    const origin = await serve(app);

    const first = await fetch(`${origin}/page`);
    const second = await fetch(`${origin}/page`);

    const firstNonce = (await first.text()).replace("nonce=", "");
    const secondNonce = (await second.text()).replace("nonce=", "");
    expect(firstNonce).not.toBe(secondNonce);
    expect(directives(first.headers.get("Content-Security-Policy")!).get("script-src")).toEqual([
      "'self'",
      `'nonce-${firstNonce}'`,
    ]);
    expect(directives(second.headers.get("Content-Security-Policy")!).get("script-src")).toEqual([
      "'self'",
      `'nonce-${secondNonce}'`,
    ]);
    expect(first.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  test("also covers answers that are not pages: JSON under a token-bearing path sends no referrer", async () => {
    const app = express();
    app.use(securityHeaders(PRODUCTION_HTTP));
    app.post("/t/c/:token", (_req, res) => {
      res.status(404).json({ message: "Not found" });
    });
    const origin = await serve(app);

    const response = await fetch(`${origin}/t/c/some-token`, { method: "POST" });

    expect(response.status).toBe(404);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });
});
