import { describe, expect, test, vi } from "vitest";
import { loader as me } from "#app/routes/api/me.ts";
import { action as signup, loader as signupGet } from "#app/routes/api/auth-signup.ts";
import { createUser, TEST_PASSWORD, uniqueEmail } from "../factories.ts";
import { bearer, getRequest, jsonRequest, uniqueIp } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

const COMMON = "This password is too common: it is on lists attackers try first. Choose another.";

function postSignup(body: unknown, ip = uniqueIp()) {
  const request = jsonRequest("/api/auth/signup", body);
  return respond(() => signup(routeArgs(request, { ip })));
}

describe("POST /api/auth/signup", () => {
  test("creates the account and returns a token that opens the API", async () => {
    const email = uniqueEmail("signup");
    const response = await postSignup({ email, password: TEST_PASSWORD, name: "Grace Hopper" });

    expect(response.status).toBe(201);
    const { token } = await response.json();
    expect(token).toEqual(expect.any(String));

    const meResponse = await respond(() => me(routeArgs(getRequest("/api/me", bearer(token)))));
    expect(meResponse.status).toBe(200);
    expect(await meResponse.json()).toEqual({
      data: {
        user: { id: expect.any(String), name: "Grace Hopper", email },
        team: { id: expect.any(String), name: "Grace Hopper's team", role: "OWNER" },
        teams: [{ id: expect.any(String), name: "Grace Hopper's team", role: "OWNER" }],
      },
    });
  });

  test("refuses an email that is taken, whatever its case, with 409 on the email field", async () => {
    const existing = await createUser();

    const response = await postSignup({
      email: existing.email.toUpperCase(),
      password: TEST_PASSWORD,
      name: "Someone Else",
    });

    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: "An account with this email already exists.",
      fields: { email: ["An account with this email already exists."] },
    });
  });

  test.each([
    ["a password under 8 characters", { password: "short7!" }, "password", "Password must be at least 8 characters"],
    [
      "a password over 128 characters",
      { password: "x".repeat(129) },
      "password",
      "Password must be at most 128 characters",
    ],
    ["a password on the common-password list", { password: "password123" }, "password", COMMON],
    ["a common password in other case", { password: "Sunshine1" }, "password", COMMON],
    ["an invalid email", { email: "not-an-email" }, "email", "Enter a valid email address"],
    ["a missing name", { name: undefined }, "name", "Full name is required"],
    ["a blank name", { name: "   " }, "name", "Full name is required"],
  ])("answers 400 naming the field for %s", async (_case, change, field, message) => {
    const body = { email: uniqueEmail(), password: TEST_PASSWORD, name: "Valid Name", ...change };

    const response = await postSignup(body);

    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.message).toContain(message);
    expect(json.fields).toEqual({ [field]: [message] });
  });

  test("accepts passwords of exactly 8 and 128 characters", async () => {
    for (const password of ["k9#vQ2!x", "p".repeat(128)]) {
      const response = await postSignup({ email: uniqueEmail(), password, name: "Edge Case" });
      expect(response.status).toBe(201);
    }
  });

  test("answers 400 with a message for a body that is not JSON", async () => {
    const response = await postSignup("{ this is not json");

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body must be valid JSON." });
  });

  test("an address gets 10 sign-ups an hour, successful ones included; the 11th is a 429, other addresses go on", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const ip = uniqueIp();
      const signUpFrom = (from: string) =>
        postSignup({ email: uniqueEmail("burst"), password: TEST_PASSWORD, name: "Burst" }, from);
      const first = [];
      for (let i = 0; i < 10; i++) first.push((await signUpFrom(ip)).status);
      expect(first).toEqual(Array(10).fill(201));

      const refused = await signUpFrom(ip);
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(
        /^Too many sign-ups from this address\. Please wait \d+ minutes? and try again\.$/,
      );
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);
      expect((await signUpFrom(uniqueIp())).status).toBe(201);

      vi.setSystemTime(Date.now() + retryAfter * 1000);
      expect((await signUpFrom(ip)).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  test("GET is 405 in JSON", async () => {
    const response = await respond(() => signupGet());

    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.json()).toEqual({ message: expect.stringContaining("POST") });
  });
});
