import { expect, test } from "@playwright/test";
import { fillLoginForm, newUser, notifications } from "./helpers.ts";

test("forgot password: a reset link through the outbox sets a new password, and the new password signs in", async ({
  page,
  request,
}) => {
  const user = newUser();
  const signup = await request.post("/api/auth/signup", { data: user });
  expect(signup.status()).toBe(201);
  const { token } = (await signup.json()) as { token: string };

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The sign-in page's own Email field stays until the navigation lands: wait for the new page.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();

  await expect(page).toHaveURL("/login");
  await expect(notifications(page).getByText("Check your email")).toBeVisible();

  // The mail is sent after the answer, so the outbox is read until it arrives.
  let resetLink = "";
  await expect
    .poll(async () => {
      const outbox = await request.get(`/api/outbox?to=${encodeURIComponent(user.email)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { data: rows } = (await outbox.json()) as { data: { subject: string | null; text: string | null }[] };
      const mail = rows.find((row) => row.subject === "Reset your Murmur password");
      resetLink = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail?.text ?? "")?.[0] ?? "";
      return resetLink;
    })
    .not.toBe("");

  const url = new URL(resetLink);
  await page.goto(url.pathname + url.search);
  const newPassword = `${user.password} renewed`;
  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();

  await expect(page).toHaveURL("/login");
  await expect(notifications(page).getByText("Password changed")).toBeVisible();
  await fillLoginForm(page, user.email, newPassword);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByTestId("account-menu")).toContainText(user.name);

  // The link was spent.
  await page.goto(url.pathname + url.search);
  await expect(page.getByText("Reset link not valid")).toBeVisible();
});
