import { expect, test } from "vitest";
import { action as reset } from "#app/routes/reset-password.tsx";
import { action as login } from "#app/routes/login.tsx";
import { getDb } from "#db/database.ts";
import { runResetPassword } from "#server/cli/reset-password.ts";
import { createUser } from "../factories.ts";
import { formRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  };
}

test("murmur reset-password prints a link that sets a new password", async () => {
  const user = await createUser();
  const { lines, out } = capture();

  expect(await runResetPassword(getDb(), [user.email.toUpperCase()], out)).toBe(0);

  const url = new URL(lines.find((line) => line.includes("/reset-password?token="))!);
  const token = url.searchParams.get("token")!;
  const password = "operator chose this one 9";
  const answer = await respond(() =>
    reset(routeArgs(formRequest("/reset-password", { token, password, confirmPassword: password }))),
  );
  expect(answer.status).toBe(302);
  const signIn = await respond(() =>
    login(routeArgs(formRequest("/login", { email: user.email, password, redirectTo: "/dashboard" }))),
  );
  expect(signIn.status).toBe(302);
});

test("an unknown email and a missing argument are errors with an exit code", async () => {
  const unknown = capture();
  expect(await runResetPassword(getDb(), ["nobody@murmur.test"], unknown.out)).toBe(1);
  expect(unknown.errors).toEqual(["No account uses nobody@murmur.test."]);

  const missing = capture();
  expect(await runResetPassword(getDb(), [], missing.out)).toBe(2);
  expect(missing.errors[0]).toMatch(/^Usage: npm run murmur -- reset-password <email>/);
});
