import { describe, expect, onTestFinished, test, vi } from "vitest";
import { loader as me } from "#app/routes/api/me.ts";
import { action as login, loader as loginGet } from "#app/routes/api/auth-login.ts";
import { getDb } from "#db/database.ts";
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_FAILURES_PER_IP } from "#server/auth/rate-limit.ts";
import { addressKey } from "#server/rate-limits/address-key.ts";
import { countHits } from "#server/rate-limits/counters.ts";
import { createUser, uniqueEmail } from "../factories.ts";
import { bearer, getRequest, jsonRequest, sameNetworkIp, uniqueIp } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";
import { holdClockOneMinuteIntoTheHour } from "./window-clock.ts";

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

  test("10 failures from one address close it to that account, while the owner elsewhere still signs in", async () => {
    holdClockOneMinuteIntoTheHour();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = await createUser();
    const attacker = uniqueIp();
    const failures = await Promise.all(
      Array.from({ length: 10 }, () => postLogin({ email: user.email, password: "wrong password" }, attacker)),
    );
    expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));

    const fromAttacker = await postLogin({ email: user.email.toUpperCase(), password: user.password }, attacker);
    const fromOwner = await postLogin({ email: user.email, password: user.password }, uniqueIp());

    expect(fromAttacker.status).toBe(429);
    expect((await fromAttacker.json()).message).toMatch(
      /^Too many failed sign-in attempts\. Please wait 14 minutes and try again\.$/,
    );
    const retryAfter = Number(fromAttacker.headers.get("Retry-After"));
    expect(retryAfter).toBe(14 * 60);
    expect(fromOwner.status).toBe(200);
    expect(await fromOwner.json()).toEqual({ token: expect.any(String) });
  });

  test("failures from addresses rotating within one IPv6 /64 count as one address; another /64 is not held", async () => {
    holdClockOneMinuteIntoTheHour();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = await createUser();
    const network = uniqueIp();
    const failures = await Promise.all(
      Array.from({ length: 10 }, () =>
        postLogin({ email: user.email, password: "wrong password" }, sameNetworkIp(network)),
      ),
    );
    expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));

    const fromSameNetwork = await postLogin({ email: user.email, password: user.password }, sameNetworkIp(network));
    const fromAnotherNetwork = await postLogin({ email: user.email, password: user.password }, uniqueIp());

    expect(fromSameNetwork.status).toBe(429);
    expect(fromAnotherNetwork.status).toBe(200);
  });

  test("the attacker's address opens again once its 15-minute window has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const user = await createUser();
      const attacker = uniqueIp();
      for (let i = 0; i < 10; i++) await postLogin({ email: user.email, password: "wrong password" }, attacker);
      const refused = await postLogin({ email: user.email, password: user.password }, attacker);
      expect(refused.status).toBe(429);

      vi.setSystemTime(Date.now() + Number(refused.headers.get("Retry-After")) * 1000);

      expect((await postLogin({ email: user.email, password: user.password }, attacker)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  test("one address failing on 50 accounts is closed to every account, and only that address", async () => {
    const user = await createUser();
    const ip = uniqueIp();
    // 49 failures on other accounts counted as the route would count them (hashing
    // 49 decoy passwords proves nothing more), then the 50th through the route.
    await countHits(getDb(), [{ rule: LOGIN_FAILURES_PER_IP, key: addressKey(ip), amount: 49 }]);
    expect((await postLogin({ email: user.email, password: user.password }, ip)).status).toBe(200);
    expect((await postLogin({ email: uniqueEmail("guess"), password: "wrong password" }, ip)).status).toBe(401);

    const fromThatIp = await postLogin({ email: user.email, password: user.password }, ip);
    const fromElsewhere = await postLogin({ email: user.email, password: user.password });

    expect(fromThatIp.status).toBe(429);
    expect((await fromThatIp.json()).message).toMatch(/^Too many failed sign-in attempts\./);
    expect(fromThatIp.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(fromElsewhere.status).toBe(200);
  });

  test("past 300 failures an hour on one account, new addresses wait but the owner's known address signs in", async () => {
    const user = await createUser();
    const home = uniqueIp();
    expect((await postLogin({ email: user.email, password: user.password }, home)).status).toBe(200);
    // A guesser spread over many addresses, counted as the route counts failures.
    await countHits(getDb(), [{ rule: LOGIN_FAILURES_PER_EMAIL, key: user.email.toLowerCase(), amount: 300 }]);

    const fromNewAddress = await postLogin({ email: user.email, password: user.password });
    const fromHome = await postLogin({ email: user.email, password: user.password }, home);

    expect(fromNewAddress.status).toBe(429);
    expect(fromNewAddress.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(fromHome.status).toBe(200);
  });

  test("GET is 405 in JSON", async () => {
    const response = await respond(() => loginGet());

    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.json()).toEqual({ message: "Method not allowed. Use POST." });
  });
});
