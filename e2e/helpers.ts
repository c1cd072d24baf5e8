import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page, test } from "@playwright/test";

export type NewUser = { name: string; email: string; password: string };

/** A person nobody has signed up as yet: every test brings its own. */
export function newUser(): NewUser {
  const id = randomUUID().slice(0, 8);
  return { name: `Ada Lovelace ${id}`, email: `ada-${randomUUID()}@murmur.test`, password: "analytical engine 1843" };
}

/** Creates the account through the public API, for tests whose subject is not signing up. */
export async function signUpViaApi(request: APIRequestContext, user: NewUser): Promise<void> {
  const response = await request.post("/api/auth/signup", { data: user });
  expect(response.status()).toBe(201);
}

/** Fills the signup form; leaves submitting, accepting the terms and confirming to the caller's options. */
export async function fillSignupForm(
  page: Page,
  user: NewUser,
  options: { acceptTerms?: boolean; confirmPassword?: string } = {},
): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm password").fill(options.confirmPassword ?? user.password);
  if (options.acceptTerms ?? true) await page.getByRole("checkbox", { name: /terms/i }).check();
}

export async function signUpThroughForm(page: Page, user: NewUser): Promise<void> {
  await fillSignupForm(page, user);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/dashboard");
}

export async function fillLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Where toasts appear: Sonner's region with JavaScript, the server-rendered list
 * without it. Both are labelled "Notifications alt+T".
 */
export function notifications(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

/**
 * Opens the new-campaign page and waits for its form: with JavaScript the page becomes a
 * modal once hydrated and the form is drawn anew, so anything typed before that is lost.
 */
export async function openNewCampaign(page: Page): Promise<void> {
  await page.goto("/dashboard/broadcasts/new");
  const withScript = test.info().project.use.javaScriptEnabled !== false;
  await expect(page.getByRole(withScript ? "dialog" : "region", { name: "Create New Campaign" })).toBeVisible();
}
