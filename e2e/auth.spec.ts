import { expect, test } from "@playwright/test";
import {
  fillLoginForm,
  fillSignupForm,
  newUser,
  notifications,
  signUpThroughForm,
  signUpViaApi,
} from "./helpers.ts";

test.describe("signing up", () => {
  test("creates the account and opens the dashboard", async ({ page }) => {
    const user = newUser();

    await signUpThroughForm(page, user);

    await expect(notifications(page).getByText("Account created")).toBeVisible();
    await expect(page.getByTestId("account-menu")).toContainText(user.name);
  });

  test("without accepting the terms shows 'Accept terms'", async ({ page }) => {
    const user = newUser();
    await fillSignupForm(page, user, { acceptTerms: false });

    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(notifications(page).getByText("Accept terms")).toBeVisible();
    await expect(notifications(page).getByText("You must accept the Terms and Privacy Policy.")).toBeVisible();
    await expect(page).toHaveURL("/signup");
  });

  test("with passwords that differ shows 'Passwords do not match'", async ({ page }) => {
    const user = newUser();
    await fillSignupForm(page, user, { confirmPassword: `${user.password} typo` });

    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(notifications(page).getByText("Passwords do not match")).toBeVisible();
    await expect(notifications(page).getByText("Please re-enter matching passwords.")).toBeVisible();
    await expect(page).toHaveURL("/signup");
  });
});

test.describe("signing in and out", () => {
  test("signing out from the account menu goes home and says 'Signed out'", async ({ page }) => {
    const user = newUser();
    await signUpThroughForm(page, user);

    await page.getByTestId("account-menu").locator("summary").click();
    await page.getByRole("button", { name: "Sign Out" }).click();

    await expect(page).toHaveURL("/");
    await expect(notifications(page).getByText("Signed out")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
  });

  test("the right password opens the dashboard with 'Welcome back!'", async ({ page, request }) => {
    const user = newUser();
    await signUpViaApi(request, user);
    await page.goto("/login");

    await fillLoginForm(page, user.email, user.password);

    await expect(page).toHaveURL("/dashboard");
    await expect(notifications(page).getByText("Welcome back!")).toBeVisible();
    await expect(page.getByTestId("account-menu")).toContainText(user.name);
  });

  test("a wrong password shows 'Error' and stays on the login page", async ({ page, request }) => {
    const user = newUser();
    await signUpViaApi(request, user);
    await page.goto("/login");

    await fillLoginForm(page, user.email, "not the password");

    await expect(notifications(page).getByText("Error", { exact: true })).toBeVisible();
    await expect(notifications(page).getByText("Invalid email or password.")).toBeVisible();
    await expect(page).toHaveURL("/login");
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
  });

  test("the dashboard sends a signed-out visitor to sign in, then back", async ({ page, request }) => {
    const user = newUser();
    await signUpViaApi(request, user);

    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");

    await fillLoginForm(page, user.email, user.password);

    await expect(page).toHaveURL("/dashboard");
    await expect(notifications(page).getByText("Welcome back!")).toBeVisible();
  });
});
