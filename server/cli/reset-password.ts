import type { Database } from "#db/database.ts";
import { createPasswordResetLink } from "#server/account/password-reset.ts";
import { publicBaseUrl } from "#server/account/public-base-url.ts";

/**
 * `murmur reset-password <email>`: for operators without email configured, prints a
 * single-use reset link valid one hour. Answers the exit code; an unknown email is 1.
 */
export async function runResetPassword(
  db: Database,
  args: string[],
  out: { log: (line: string) => void; error: (line: string) => void },
): Promise<number> {
  const [email] = args;
  if (!email || args.length !== 1) {
    out.error("Usage: npm run murmur -- reset-password <email>");
    return 2;
  }
  const link = await createPasswordResetLink(db, { email, baseUrl: publicBaseUrl(null) });
  if (!link) {
    out.error(`No account uses ${email}.`);
    return 1;
  }
  out.log(`Reset link for ${link.email}, valid for one hour and usable once:`);
  out.log(link.url);
  return 0;
}
