import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/broadcast-schedule";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { CampaignDialogErrorBoundary } from "#app/components/broadcasts/campaign-dialog-error.tsx";
import { BROADCASTS_PATH } from "#app/components/broadcasts/format.ts";
import { RouteDialog } from "#app/components/segments/route-dialog.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { getDb } from "#db/database.ts";
import { getCampaign } from "#server/campaigns/campaigns.ts";
import { scheduleCampaign, unscheduleCampaign } from "#server/campaigns/schedule.ts";
import { AppError, isAppError } from "#server/errors.ts";
import { sessionContext } from "#app/http/context.ts";
import { requireAccess } from "#app/http/access.ts";
import { formFailure, formInvalid } from "#app/http/forms.ts";
import { flashToasts } from "#app/http/toast.ts";
import { getTeamSettings } from "#server/teams/settings.ts";
import { fromZonedInputValue, toZonedInputValue } from "#shared/teams/time-zone.ts";

export const meta: Route.MetaFunction = () => [{ title: "Schedule Campaign · Murmur" }];

/** The spec's Schedule button: 24 hours from the moment it is pressed. */
const SCHEDULE_OFFSET_MS = 24 * 60 * 60 * 1000;

// "tomorrow" and "unschedule" come from the list's buttons; "at" from this dialog's field, read in the team's time
// zone.
const ScheduleFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("tomorrow") }),
  z.object({ intent: z.literal("unschedule") }),
  z.object({
    intent: z.literal("at"),
    scheduledTime: z
      .string({ error: "Choose a date and time" })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "Not a valid date-time"),
  }),
]);

export const loader = mapRefusals(async ({ params, context }: Route.LoaderArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.send");
  const campaign = await getCampaign(getDb(), { teamId: access.teamId, campaignId: params.id });
  const { timeZone } = await getTeamSettings(getDb(), { teamId: access.teamId });
  return {
    campaign: { id: campaign.id, name: campaign.name, state: campaign.state },
    timeZone,
    suggested: toZonedInputValue(new Date(Date.now() + SCHEDULE_OFFSET_MS), timeZone),
  };
});

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "campaigns.send");
  const campaign = await getCampaign(getDb(), { teamId: access.teamId, campaignId: params.id });
  const submission = parseWithZod(await request.formData(), { schema: ScheduleFormSchema });
  if (submission.status !== "success") return formInvalid(submission);
  const { intent } = submission.value;
  const ids = { access, campaignId: campaign.id };
  try {
    if (intent === "unschedule") await unscheduleCampaign(getDb(), ids);
    else {
      const scheduledTime =
        intent === "at"
          ? await inTeamZone(access.teamId, submission.value.scheduledTime)
          : new Date(Date.now() + SCHEDULE_OFFSET_MS).toISOString();
      await scheduleCampaign(getDb(), { ...ids, scheduledTime });
    }
  } catch (error) {
    if (intent === "at" || !isAppError(error)) return formFailure(submission, error, { toastTitle: "Error" });
    // The list's buttons have no form to show an error on: back to the list, with the reason.
    const toast = await flashToasts({ type: "error", title: "Error", description: error.message });
    return redirect(BROADCASTS_PATH, { headers: { "Set-Cookie": toast } });
  }
  const description = intent === "unschedule" ? "Campaign moved back to draft" : "Campaign scheduled successfully";
  const toast = await flashToasts({ type: "success", title: "Success", description });
  return redirect(BROADCASTS_PATH, { headers: { "Set-Cookie": toast } });
});

/** The instant the team meant: the field is wall-clock time in the team's zone. */
async function inTeamZone(teamId: string, value: string): Promise<string> {
  const { timeZone } = await getTeamSettings(getDb(), { teamId });
  const instant = fromZonedInputValue(value, timeZone);
  // The schema checked the shape; this is a date that does not exist, such as February 30.
  if (!instant)
    throw new AppError("INVALID", "The scheduled time is not a valid date.", {
      fields: { scheduledTime: ["Not a valid date-time"] },
    });
  return instant.toISOString();
}

export default function ScheduleCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, suggested, timeZone } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({ lastResult: actionData?.result, defaultValue: { scheduledTime: suggested } });
  const submitting = navigation.state === "submitting";

  return (
    <RouteDialog
      title="Schedule Campaign"
      description={
        <>
          Choose when <span className="font-medium text-foreground">{campaign.name}</span> is sent.
        </>
      }
      closeTo={BROADCASTS_PATH}
    >
      {campaign.state === "DRAFT" ? (
        <Form
          method="post"
          action={`${BROADCASTS_PATH}/${campaign.id}/schedule`}
          className="flex flex-col gap-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value="at" />
          <FieldError id={form.errorId} errors={form.errors} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.scheduledTime.id}>Send at</Label>
            <div className="flex items-center gap-2">
              <Input {...getInputProps(fields.scheduledTime, { type: "datetime-local" })} required />
              <span className="text-sm text-muted-foreground">{timeZone}</span>
            </div>
            <FieldError id={fields.scheduledTime.errorId} errors={fields.scheduledTime.errors} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to={BROADCASTS_PATH} preventScrollReset>
                Cancel
              </Link>
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Scheduling..." : "Schedule"}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm">Only a DRAFT campaign can be scheduled; this one is {campaign.state}.</p>
      )}
      <Toasts toasts={actionData?.toasts} />
    </RouteDialog>
  );
}

export { CampaignDialogErrorBoundary as ErrorBoundary };
