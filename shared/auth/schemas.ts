import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-rules.ts";

/** An email address as every form and the API take it: trimmed, at most 254 characters. */
export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

/**
 * A new password's length. The server also refuses a common one (server/auth/password-forms.ts):
 * the list is 220 KB of script, gzipped, that every sign-in page would otherwise download.
 */
export const NewPasswordLength = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const name = z
  .string({ error: "Full name is required" })
  .trim()
  .min(1, "Full name is required")
  .max(200, "Full name must be at most 200 characters");

/** What `POST /api/auth/login` takes, and the login form. */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX * 4),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** The forgot-password form: the email a reset link goes to, if it has an account. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/** Profile: the name shown in the account menu. */
export const ChangeNameSchema = z.object({ name });

/** Profile: the address to move the account to, once confirmed. */
export const ChangeEmailSchema = z.object({ email: EmailSchema });

/**
 * The forms that set a password, around the rule for the new one: the browser checks
 * its length (browserPasswordForms), the server its length and the common-password list.
 */
export function passwordForms(newPassword: typeof NewPasswordLength) {
  return {
    /** What `POST /api/auth/signup` takes, and the core of the signup form. */
    SignupSchema: z.object({ email: EmailSchema, password: newPassword, name }),
    /** The reset form: the token from the link and a new password under the signup rules. */
    ResetPasswordSchema: z
      .object({
        token: z.string({ error: "The reset link is incomplete" }).min(1).max(256),
        password: newPassword,
        confirmPassword: z.string({ error: "Confirm your password" }),
      })
      .refine((form) => form.password === form.confirmPassword, {
        path: ["confirmPassword"],
        message: "Passwords do not match",
      }),
    /** Profile: a new password, given the current one. */
    ChangePasswordSchema: z
      .object({
        currentPassword: z
          .string({ error: "Current password is required" })
          .min(1)
          .max(PASSWORD_MAX * 4),
        password: newPassword,
        confirmPassword: z.string({ error: "Confirm your password" }),
      })
      .refine((form) => form.password === form.confirmPassword, {
        path: ["confirmPassword"],
        message: "Passwords do not match",
      }),
  };
}

/** The password forms as the browser checks them before sending: the server checks more. */
export const browserPasswordForms = passwordForms(NewPasswordLength);
export type SignupInput = z.infer<typeof browserPasswordForms.SignupSchema>;
