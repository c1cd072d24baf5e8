import { describe, expect, test } from "vitest";
import { loader as me } from "../../app/routes/api/me.ts";
import { action as login, loader as loginGet } from "../../app/routes/api/auth-login.ts";
import { createUser, uniqueEmail } from "../factories.ts";
import { bearer, getRequest, jsonRequest, respond, routeArgs, uniqueIp } from "../requests.ts";

const INVALID = "Invalid email or password.";

function postLogin(body: unknown, ip = uniqueIp()) {
  const request = jsonRequest("/api/auth/login", body);
  return respond(() => login(routeArgs(request, { ip })));
}

describe("POST /api/auth/login", () => {
  test("the right password returns a token for that user", async () => {
    const user = await createUser();

    const response = await postLogin({ email: user.email, password: user.password });

    expect(response.status).toBe(200);
    const { token } = await response.json();
    const meResponse = await respond(() => me(routeArgs(getRequest("/api/me", bearer(token)))));
    expect((await meResponse.json()).data.user).toMatchObject({ name: user.name, email: user.email });
  });

  test("the email is matched whatever its case", async () => {
    const user = await createUser({ email: uniqueEmail("Mixed.Case") });

    const response = await postLogin({ email: user.email.toUpperCase(), password: user.password });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ token: expect.any(String) });
  });

  test("a wrong password and an unknown email get the same 401", async () => {
    const user = await createUser();

    const wrongPassword = await postLogin({ email: user.email, password: "not the password" });
    const unknownEmail = await postLogin({ email: uniqueEmail("nobody"), password: user.password });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual({ message: INVALID });
    expect(await unknownEmail.json()).toEqual({ message: INVALID });
  });

  test("missing fields are a 400 naming them", async () => {
    const response = await postLogin({ email: "" });

    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fields).toEqual({ email: ["Email is required"], password: ["Password is required"] });
  });

  test("after 10 failures for one email, even the right password is refused with 429 and Retry-After", async () => {
    const user = await createUser();
    // Each failure from a different address, so only the per-email count can trip.
    const failures = await Promise.all(
      Array.from({ length: 10 }, () => postLogin({ email: user.email, password: "wrong password" })),
    );
    expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));

    const response = await postLogin({ email: user.email.toUpperCase(), password: user.password });

    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      message: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
    });
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  test("the 10th failure from one IP closes it to every account, and only that IP", async () => {
    const user = await createUser();
    const ip = uniqueIp();
    const fail = () => postLogin({ email: uniqueEmail("guess"), password: "wrong password" }, ip);
    const nine = await Promise.all(Array.from({ length: 9 }, fail));
    expect(nine.map((r) => r.status)).toEqual(Array(9).fill(401));
    expect((await postLogin({ email: user.email, password: user.password }, ip)).status).toBe(200);

    expect((await fail()).status).toBe(401);
    const fromThatIp = await postLogin({ email: user.email, password: user.password }, ip);
    const fromElsewhere = await postLogin({ email: user.email, password: user.password });

    expect(fromThatIp.status).toBe(429);
    expect((await fromThatIp.json()).message).toBe(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
    );
    expect(fromThatIp.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(fromElsewhere.status).toBe(200);
  });

  test("GET is 405 in JSON", async () => {
    const response = await respond(() => loginGet());

    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.json()).toEqual({ message: "Method not allowed. Use POST." });
  });
});
