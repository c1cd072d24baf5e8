import { createCookie } from "react-router";

const SECURE = (process.env.APP_URL ?? "").startsWith("https://");
const YEAR = 365 * 24 * 60 * 60;

/** The browser's session token: httpOnly so scripts never see it, Lax so links from mail keep it. */
export const sessionCookie = createCookie("murmur_session", {
  httpOnly: true,
  sameSite: "lax",
  secure: SECURE,
  path: "/",
});

/** Theme, read on the server so the first paint already has it. Same key as localStorage. */
export const themeCookie = createCookie("murmur-ui-theme", {
  sameSite: "lax",
  secure: SECURE,
  path: "/",
  maxAge: YEAR,
});

/** Whether the side navigation is collapsed, so the server renders the right width. */
export const sidebarCookie = createCookie("murmur_sidebar", {
  sameSite: "lax",
  secure: SECURE,
  path: "/",
  maxAge: YEAR,
});

/** One-shot toasts carried across a redirect (post/redirect/get). */
export const flashCookie = createCookie("murmur_flash", { httpOnly: true, sameSite: "lax", secure: SECURE, path: "/" });
