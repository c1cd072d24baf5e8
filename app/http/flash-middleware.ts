import { createContext, type MiddlewareFunction } from "react-router";
import { clearFlashToasts, readFlashToasts, type Toast } from "./toast.ts";

export const flashContext = createContext<Toast[]>([]);

/**
 * Reads the toasts a redirect left in the flash cookie for this page, and clears
 * the cookie on the way out unless the response sets a new one.
 */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const toasts = await readFlashToasts(request);
  context.set(flashContext, toasts);
  const response = await next();
  const setsFlash = (response.headers.get("Set-Cookie") ?? "").includes("murmur_flash=");
  if (toasts.length > 0 && !setsFlash) response.headers.append("Set-Cookie", await clearFlashToasts());
  return response;
};
