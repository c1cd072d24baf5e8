import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { isAppError } from "#server/errors.ts";
import type { Toast } from "./toast.ts";

/**
 * The answer to a form post the domain refused: its field errors on the fields,
 * its message as a form error and as a toast, with the error's status code.
 * Errors that are not AppErrors are bugs and are rethrown.
 */
export function formFailure(
  submission: Submission<unknown>,
  error: unknown,
  options: { toastTitle: string; hideFields?: string[] },
) {
  if (!isAppError(error)) throw error;
  const toast: Toast = { type: "error", title: options.toastTitle, description: error.message };
  const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return data(
    {
      result: submission.reply({
        formErrors: error.fields ? [] : [error.message],
        fieldErrors: error.fields,
        hideFields: options.hideFields,
      }),
      toasts: [toast],
    },
    { status: error.status, headers },
  );
}

/** The answer to a form post whose fields did not validate: field errors, and the given toasts if any. */
export function formInvalid(submission: Submission<unknown>, toasts: Toast[] = [], hideFields?: string[]) {
  return data({ result: submission.reply({ hideFields }), toasts }, { status: 400 });
}
