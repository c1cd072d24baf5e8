import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { readBuilderForm } from "#app/components/segments/filter-builder/read-form.ts";
import { settingsFromForm, SettingsFormSchema } from "#app/components/journeys/settings-form-schema.ts";
import { StepFormSchema, stepFromForm } from "#app/components/journeys/step-form-schema.ts";
import { redirectWithRefusal, redirectWithToast } from "#app/http/redirect-with-toast.ts";
import { getDb } from "#db/database.ts";
import { isAppError } from "#server/errors.ts";
import { saveJourneySettings } from "#server/journeys/journey-settings.ts";
import { editJourneySteps } from "#server/journeys/step-editing.ts";
import { filterFromDraft } from "#server/segments/filter/form.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import type { TeamAccess } from "#server/teams/permissions.ts";
import type { FilterGroup } from "#shared/segments/filter/schema.ts";
import { settingsRefused, stepRefused } from "./journey-answers.server.ts";

/*
 * The journey page's form posts, one function per form: the settings, a step's
 * add or edit form, and the one-button Move and Delete forms. Each saves through
 * server/journeys and ends in a redirect back to the page (post/redirect/get), or
 * answers the form's own messages.
 */

type Target = { access: TeamAccess; journeyId: string; journeyPath: string };

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

export async function saveSettingsForm(target: Target, formData: FormData) {
  const submission = parseWithZod(formData, { schema: SettingsFormSchema });
  if (submission.status !== "success")
    return data({ formKey: "settings", result: submission.reply(), toasts: [] }, { status: 400 });
  try {
    await saveJourneySettings(getDb(), { ...target, settings: settingsFromForm(submission.value) });
  } catch (error) {
    return settingsRefused(submission, error);
  }
  return redirectWithToast(target.journeyPath, { type: "success", title: "Journey saved" });
}

/**
 * A step's add or edit form. A condition's Add condition, Add group, Remove and
 * Update buttons only change its tree, which comes back to the form unsaved.
 */
export async function saveStepForm(target: Target, formData: FormData) {
  const adding = text(formData, "do") === "add-step";
  const formKey = adding ? `add:${text(formData, "at")}` : `edit:${text(formData, "stepId")}`;
  const builder = readBuilderForm(formData);
  const condition = text(formData, "type") === "condition";
  if (condition && builder.intent.kind !== "save") return data({ formKey, draft: builder.draft, toasts: [] });
  const submission = parseWithZod(formData, { schema: StepFormSchema });
  if (submission.status !== "success")
    return data({ formKey, result: submission.reply(), draft: builder.draft, toasts: [] }, { status: 400 });
  let filter: FilterGroup | null = null;
  if (condition) {
    try {
      filter = parseFilter(filterFromDraft(builder.draft));
    } catch (error) {
      if (!isAppError(error)) throw error;
      return data(
        { formKey, result: submission.reply(), draft: builder.draft, filterErrors: error.fields ?? {}, toasts: [] },
        { status: 400 },
      );
    }
  }
  const step = stepFromForm(submission.value, filter);
  try {
    await editJourneySteps(getDb(), {
      ...target,
      edit: adding
        ? { kind: "add", at: text(formData, "at"), step }
        : { kind: "replace", stepId: text(formData, "stepId"), step },
    });
  } catch (error) {
    return stepRefused(submission, error, formKey, condition ? builder.draft : undefined);
  }
  return redirectWithToast(target.journeyPath, { type: "success", title: adding ? "Step added" : "Step saved" });
}

/** Move up, Move down and Delete: a refusal (the step went meanwhile) comes back as a toast. */
export async function changeStepForm(target: Target, formData: FormData) {
  const stepId = text(formData, "stepId");
  const edit =
    text(formData, "do") === "delete-step"
      ? ({ kind: "remove", stepId } as const)
      : ({ kind: "move", stepId, direction: text(formData, "direction") === "up" ? "up" : "down" } as const);
  try {
    await editJourneySteps(getDb(), { ...target, edit });
  } catch (error) {
    return redirectWithRefusal(target.journeyPath, error, "The step was not changed");
  }
  const done = edit.kind === "remove" ? "Step deleted" : "Step moved";
  return redirectWithToast(target.journeyPath, { type: "success", title: done });
}
