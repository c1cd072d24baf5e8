import { Waypoints } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { Route } from "./+types/journey";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import { EmptyState } from "#app/components/empty-state.tsx";
import { ContactsAtStep } from "#app/components/journeys/contacts-at-step.tsx";
import { JOURNEYS_PATH, STATE_LABELS } from "#app/components/journeys/describe-step.ts";
import { JourneyFlow, numberSteps } from "#app/components/journeys/journey-flow.tsx";
import { settingsFormDefaults } from "#app/components/journeys/settings-form-schema.ts";
import { SettingsForm } from "#app/components/journeys/settings-form.tsx";
import { StateControls } from "#app/components/journeys/state-controls.tsx";
import { StepFiguresTable } from "#app/components/journeys/step-figures-table.tsx";
import type { StepFormAnswer } from "#app/components/journeys/step-form.tsx";
import { JourneyDelete } from "#app/components/journeys/journey-delete.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { forbiddenMessageOf } from "#app/lib/forbidden-error.ts";
import { requireAccess } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { getDb } from "#db/database.ts";
import { getJourney } from "#server/journeys/journeys.ts";
import { loadJourneyPage } from "./journey-page.server.ts";
import { changeStepForm, saveSettingsForm, saveStepForm } from "./journey-editor.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.name ?? "Journey"} · Murmur` }];

export const loader = mapRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const { team } = context.get(sessionContext);
  return loadJourneyPage(getDb(), { team, journeyId: params.id, url: new URL(request.url) });
});

/** Every editor form posts here: the settings, a step's form, Move and Delete (`do` says which). */
export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const access = requireAccess(context.get(sessionContext), "journeys.write");
  const journey = await getJourney(getDb(), { teamId: access.teamId, journeyId: params.id });
  const target = { access, journeyId: journey.id, journeyPath: `${JOURNEYS_PATH}/${journey.id}` };
  const formData = await request.formData();
  const doing = formData.get("do");
  if (doing === "settings") return saveSettingsForm(target, formData);
  if (doing === "add-step" || doing === "edit-step") return saveStepForm(target, formData);
  if (doing === "move-step" || doing === "delete-step") return changeStepForm(target, formData);
  return data({ formKey: "", toasts: [{ type: "error" as const, title: "Nothing to do" }] }, { status: 400 });
});

export default function Journey({ loaderData, actionData }: Route.ComponentProps) {
  const journey = loaderData;
  const canEdit = useAbility("journeys.write").allowed && journey.state !== "stopped";
  const answer = (actionData ?? null) as StepFormAnswer | null;
  const journeyPath = `${JOURNEYS_PATH}/${journey.id}`;
  const context = {
    journeyPath,
    canEdit,
    adding: journey.adding,
    figures: journey.figures,
    drafts: journey.drafts,
    builder: journey.builder,
    answer,
    numbers: numberSteps(journey.definition.steps),
  };
  return (
    <>
      <PageHeader
        title={journey.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={journey.state === "live" ? "default" : "outline"}>{STATE_LABELS[journey.state]}</Badge>
            {journey.liveVersion ? `Version ${journey.liveVersion} is live for new contacts.` : "Not started yet."}
            {journey.hasUnpublishedChanges ? " The draft has changes that are not published." : ""}
          </span>
        }
        actions={
          <StateControls
            journeyPath={journeyPath}
            state={journey.state}
            hasUnpublishedChanges={journey.hasUnpublishedChanges}
          />
        }
      />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="figures-heading" className="flex flex-col gap-3">
          <h2 id="figures-heading" className="text-lg font-semibold">
            Figures
          </h2>
          <p className="text-sm text-muted-foreground">
            Entered {journey.totals.entered} · Active {journey.totals.active} · Converted {journey.totals.converted} ·
            Exited {journey.totals.exited}
          </p>
          <StepFiguresTable rows={journey.figureRows} />
        </section>
        {journey.atStep ? (
          <ContactsAtStep label={journey.atStep.label} rows={journey.atStep.rows} nextHref={journey.atStep.nextHref} />
        ) : null}
        <section aria-labelledby="steps-heading" className="flex flex-col gap-3">
          <h2 id="steps-heading" className="text-lg font-semibold">
            Steps
          </h2>
          {journey.state === "live" || journey.state === "paused" ? (
            <p className="text-sm text-muted-foreground">
              Edits change the draft; contacts inside stay on the version they entered until you publish.
            </p>
          ) : null}
          <JourneyFlow steps={journey.definition.steps} path="steps" context={context} />
        </section>
        <section aria-labelledby="settings-heading" className="flex flex-col gap-3">
          <h2 id="settings-heading" className="text-lg font-semibold">
            Entry, re-entry and goal
          </h2>
          <SettingsForm
            action={journeyPath}
            defaults={settingsFormDefaults(journey)}
            segments={journey.segments}
            lastResult={answer?.formKey === "settings" ? answer.result : null}
            submitLabel="Save settings"
            disabled={!canEdit}
          />
        </section>
        <JourneyDelete journeyPath={journeyPath} state={journey.state} />
      </div>
      <Toasts toasts={answer?.toasts} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = forbiddenMessageOf(error);
  return (
    <>
      <PageHeader title="Journey" description="A journey's steps and figures." />
      <EmptyState
        icon={Waypoints}
        title={notFound ? "Journey not found." : (forbidden ?? "Failed to load the journey.")}
      >
        <Link to={JOURNEYS_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Go to journeys
        </Link>
      </EmptyState>
    </>
  );
}
