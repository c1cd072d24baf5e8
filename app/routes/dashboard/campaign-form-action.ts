import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getDb } from "#db/database.ts";
import { previewCampaignDraft } from "#server/campaigns/preview-draft.ts";
import { CampaignFormSchema, type CampaignInput } from "#shared/campaigns/schemas.ts";
import type { CampaignPreview } from "#server/content/preview.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { flashToasts, type Toast } from "#app/http/toast.ts";

const BROADCASTS_PATH = "/dashboard/broadcasts";

/** Spelled out so the preview survives in the route's action data type (a bare union would fold it away). */
type CampaignFormAnswer =
  | Response
  | ReturnType<typeof data<{ result: SubmissionResult<string[]>; toasts: Toast[]; preview?: CampaignPreview }>>;

/**
 * The campaign dialog's post, for create and edit alike. "Preview" renders the
 * message as it stands for a real contact and answers with it, saving nothing (so
 * it works without JavaScript too, SMS count included); "Save" calls `save` and
 * goes back to the list with the spec's toast.
 */
export async function answerCampaignForm(
  request: Request,
  options: { teamId: string; save: (input: CampaignInput) => Promise<unknown>; successMessage: string },
): Promise<CampaignFormAnswer> {
  const submission = parseWithZod(await request.formData(), { schema: CampaignFormSchema });
  if (submission.status !== "success") return formInvalid(submission);
  const input = submission.value;
  try {
    if (input.intent === "preview") {
      const preview = await previewCampaignDraft(getDb(), { teamId: options.teamId, input });
      return data({ result: submission.reply(), toasts: [], preview });
    }
    await options.save(input);
  } catch (error) {
    return formFailure(submission, error, { toastTitle: "Error" });
  }
  const toast = await flashToasts({ type: "success", title: "Success", description: options.successMessage });
  return redirect(BROADCASTS_PATH, { headers: { "Set-Cookie": toast } });
}
