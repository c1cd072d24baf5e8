import { z } from "zod";
import { flashCookie } from "./cookies.ts";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  title: z.string().max(200),
  description: z.string().max(1000).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

/** The Set-Cookie value that makes the next page show these toasts. */
export function flashToasts(...toasts: Toast[]): Promise<string> {
  return flashCookie.serialize(toasts);
}

/** Toasts waiting in the request's flash cookie; a forged or stale cookie yields none. */
export async function readFlashToasts(request: Request): Promise<Toast[]> {
  const value = await flashCookie.parse(request.headers.get("Cookie"));
  // Most requests carry no flash: validating nothing would still build a ZodError each time.
  if (value == null) return [];
  const parsed = z.array(ToastSchema).max(5).safeParse(value);
  return parsed.success ? parsed.data : [];
}

export function clearFlashToasts(): Promise<string> {
  return flashCookie.serialize("", { maxAge: 0 });
}
