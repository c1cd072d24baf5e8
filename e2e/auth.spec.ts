import { expect, test } from "@playwright/test";
import { fillLoginForm, fillSignupForm, newUser, notifications, signUpThroughForm, signUpViaApi } from "./helpers.ts";

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

  test("after 10 wrong passwords the page says to wait, even for the right one, and the server goes on", async ({
    page,
    request,
  }) => {
    // Counts start again with each 15-minute window: begin far enough from a window's end
    // that the guesses and the sign-in fall in one.
    test.setTimeout(240_000);
    await page.waitForTimeout(msUntilQuarterHourUnlessFar(120_000));
    const user = newUser();
    await signUpViaApi(request, user);
    // Through the API, as a scripted guesser would; the page is what the person then sees.
    for (let i = 0; i < 10; i++) {
      const guess = await request.post("/api/auth/login", {
        data: { email: user.email, password: `guess number ${i}` },
      });
      expect(guess.status()).toBe(401);
    }
    await page.goto("/login");

    await fillLoginForm(page, user.email, user.password);

    // The counts live in 15-minute windows: near a window's end what is left is seconds.
    await expect(
      page
        .locator("form")
        .getByText(/^Too many failed sign-in attempts\. Please wait \d+ (minutes?|seconds?) and try again\.$/),
    ).toBeVisible();
    await expect(page).toHaveURL("/login");
    const refused = await request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    expect(refused.status()).toBe(429);
    expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
    expect((await request.get("/readyz")).status()).toBe(200);
  });

  test("a common password is refused on its field", async ({ page }) => {
    await fillSignupForm(page, { ...newUser(), password: "password123" });
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(
      page.getByText("This password is too common: it is on lists attackers try first. Choose another."),
    ).toBeVisible();
    await expect(page).toHaveURL("/signup");
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

/** How long until the next quarter hour begins, when that is within `far`; otherwise 0. */
function msUntilQuarterHourUnlessFar(far: number): number {
  const quarter = 15 * 60_000;
  const left = quarter - (Date.now() % quarter);
  return left < far ? left + 1_000 : 0;
}
