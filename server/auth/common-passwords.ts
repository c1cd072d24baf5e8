import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN } from "#shared/auth/password-rules.ts";

// zxcvbn-ts's list of the ~49,000 passwords most seen in breach dumps, kept
// lower-case and ranked by frequency. Only those long enough to pass the
// length rule could ever be chosen, so only those (about 18,000) are kept:
// a Set of them costs about 2 MB, once, and a lookup is constant time.
let common: Set<string> | undefined;

/**
 * Whether a password is one attackers try first: it, in lower case, is on the
 * common-password list. Case is ignored because "Password1" falls to the same
 * guess as "password1".
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].filter((word) => word.length >= PASSWORD_MIN));
  return common.has(password.toLowerCase());
}
