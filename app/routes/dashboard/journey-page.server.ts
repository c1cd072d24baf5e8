import { describeStep, STEP_TYPE_LABELS } from "#app/components/journeys/describe-step.ts";
import { numberSteps } from "#app/components/journeys/journey-flow.tsx";
import type { StepFigureRow } from "#app/components/journeys/step-figures-table.tsx";
import type { DraftNode } from "#app/components/segments/filter-builder/draft.ts";
import type { Database } from "#db/database.ts";
import { isAppError } from "#server/errors.ts";
import { contactsAtStep, journeyAnalytics } from "#server/journeys/journey-stats.ts";
import { getJourney } from "#server/journeys/journeys.ts";
import { loadBuilderData } from "#server/segments/filter/builder.ts";
import { draftFromFilter } from "#server/segments/filter/form.ts";
import { listSegmentChoices } from "#server/segments/segments.ts";
import { can } from "#server/teams/permissions.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import { formatInTimeZone } from "#shared/teams/time-zone.ts";
import { STEP_TYPES, type StepType, walkSteps } from "#shared/journeys/definition.ts";
import type { TeamRole } from "#shared/teams/roles.ts";

const PLACE = /^steps(\.\d+\.(received|timedOut|yes|no))*\.\d+$/;

/**
 * Everything the journey page shows: the journey and its draft steps, the figures
 * per step (the engine's counters and who waits where), the contacts at the step
 * `?step=` names, the step form `?add=&type=` opens, and, for those who may edit,
 * the filter builder's suggestions and each condition's tree as form fields.
 */
export async function loadJourneyPage(
  db: Database,
  options: { team: { id: string; role: TeamRole }; journeyId: string; url: URL },
) {
  const { team, url } = options;
  const journey = await getJourney(db, { teamId: team.id, journeyId: options.journeyId });
  const canEdit = can(team.role, "journeys.write");
  const [analytics, timeZone, builder, segments] = await Promise.all([
    journeyAnalytics(db, { teamId: team.id, journeyId: journey.id }),
    teamTimeZone(db, team.id),
    canEdit ? loadBuilderData(db, { teamId: team.id }) : null,
    listSegmentChoices(db, { teamId: team.id }),
  ]);
  const numbers = numberSteps(journey.definition.steps);
  const steps = new Map([...walkSteps(journey.definition.steps)].map(({ step }) => [step.id ?? "", step]));
  const labelOf = (stepId: string, type: StepType | null) => {
    const step = steps.get(stepId);
    if (step) return `Step ${numbers.get(stepId)}: ${describeStep(step)}`;
    return `${type ? STEP_TYPE_LABELS[type] : "A step"} of an earlier version (${stepId})`;
  };
  const figureRows: StepFigureRow[] = analytics.steps.map((step) => ({
    ...step,
    label: labelOf(step.stepId, step.type),
  }));
  const drafts: Record<string, DraftNode> = {};
  for (const [id, step] of steps) if (step.type === "condition") drafts[id] = draftFromFilter(step.filter);

  const add = url.searchParams.get("add");
  const type = url.searchParams.get("type") as StepType | null;
  const adding = canEdit && add && PLACE.test(add) && type && STEP_TYPES.includes(type) ? { at: add, type } : null;

  return {
    id: journey.id,
    name: journey.name,
    state: journey.state,
    liveVersion: journey.liveVersion,
    hasUnpublishedChanges: journey.hasUnpublishedChanges,
    definition: journey.definition,
    totals: analytics.totals,
    figures: Object.fromEntries(analytics.steps.map((step) => [step.stepId, step])),
    figureRows,
    atStep: await readContactsAtStep(db, { teamId: team.id, journeyId: journey.id, url, timeZone, labelOf }),
    adding,
    drafts,
    builder: builder ?? { eventNames: [], attributeKeys: [], propertyKeys: [], segments: [], campaigns: [] },
    segments,
  };
}

async function readContactsAtStep(
  db: Database,
  options: {
    teamId: string;
    journeyId: string;
    url: URL;
    timeZone: string;
    labelOf: (stepId: string, type: StepType | null) => string;
  },
) {
  const stepId = options.url.searchParams.get("step");
  if (!stepId) return null;
  const after = options.url.searchParams.get("after");
  const page = await contactsAtStep(db, { ...options, stepId, after }).catch((error: unknown) => {
    // An edited page link starts the list over rather than failing the page.
    if (isAppError(error) && error.code === "INVALID") return contactsAtStep(db, { ...options, stepId });
    throw error;
  });
  const next = new URL(options.url);
  next.searchParams.set("after", page.nextCursor ?? "");
  return {
    label: options.labelOf(stepId, null),
    rows: page.rows.map((row) => ({
      contactId: row.contactId,
      name: row.name,
      email: row.email,
      status: row.status,
      since: formatInTimeZone(row.stepEnteredAt, options.timeZone),
    })),
    nextHref: page.nextCursor ? `${next.pathname}${next.search}#contacts` : null,
  };
}
