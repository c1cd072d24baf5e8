import { NewPasswordLength, passwordForms } from "#shared/auth/schemas.ts";
import { COMMON_PASSWORD } from "#shared/auth/password-rules.ts";
import { isCommonPassword } from "./common-passwords.ts";

/**
 * The forms that set a password as the server takes them: a new password of the
 * right length that is not on the common-password list. The browser checks only the
 * length before sending (browserPasswordForms); this list stays on the server.
 */
export const { SignupSchema, ResetPasswordSchema, ChangePasswordSchema } = passwordForms(
  NewPasswordLength.refine((password) => !isCommonPassword(password), COMMON_PASSWORD),
);
