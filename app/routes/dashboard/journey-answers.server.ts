import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { DraftNode } from "#app/components/segments/filter-builder/draft.ts";
import { DEFINITION_FIELD_OF } from "#app/components/journeys/settings-form-schema.ts";
import { FORM_FIELD_OF } from "#app/components/journeys/step-form-schema.ts";
import { throwIfRefused } from "#app/http/map-refusals.ts";
import type { Toast } from "#app/http/toast.ts";
import { isAppError } from "#server/errors.ts";

/*
 * The journey editor's forms name fields as people fill them in ("amount" with a
 * unit); the definition names them as it stores them ("seconds"). A refusal from
 * the domain is answered here with its fields renamed, so each message lands beside
 * the field it is about, and with the key of the form it answers, since the journey
 * page holds many forms.
 */

function renamed(fields: Record<string, string[]> | undefined, names: Record<string, string>) {
  if (!fields) return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fields)) (out[names[key] ?? key] ??= []).push(...messages);
  return out;
}

/**
 * The answer to a form the domain refused: field messages on the form's own fields
 * (or the message as the form's error), an error toast, and the refusal's status. A
 * 403 or 404 leaves as the page's error, as everywhere; anything else is a bug.
 */
function refusal(
  submission: Submission<unknown>,
  error: unknown,
  options: { formKey: string; names: Record<string, string>; toastTitle: string; draft?: DraftNode },
) {
  if (!isAppError(error)) throw error;
  throwIfRefused(error);
  const toast: Toast = { type: "error", title: options.toastTitle, description: error.message };
  const fieldErrors = renamed(error.fields, options.names);
  return data(
    {
      formKey: options.formKey,
      result: submission.reply({ formErrors: fieldErrors ? [] : [error.message], fieldErrors }),
      draft: options.draft,
      toasts: [toast],
    },
    { status: error.status },
  );
}

/** A step form's refusal. */
export function stepRefused(submission: Submission<unknown>, error: unknown, formKey: string, draft?: DraftNode) {
  return refusal(submission, error, { formKey, names: FORM_FIELD_OF, toastTitle: "The step was not saved", draft });
}

/** The settings form's refusal. */
export function settingsRefused(submission: Submission<unknown>, error: unknown) {
  return refusal(submission, error, {
    formKey: "settings",
    names: DEFINITION_FIELD_OF,
    toastTitle: "The journey was not saved",
  });
}
