import { z } from "zod";
import { type ApiOperation, dataOf, pageOf, TimestampSchema } from "#shared/api/operation.ts";
import {
  EntrySchema,
  JourneyEventSchema,
  JourneyInputSchema,
  JOURNEY_STATES,
  ReentrySchema,
  STEP_TYPES,
} from "#shared/journeys/definition.ts";
import { ListJourneysQuerySchema } from "./journey-list.ts";

const StateSchema = z.enum(JOURNEY_STATES);

const JourneyCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  state: StateSchema,
  liveVersion: z.number().int().nullable(),
  entered: z.number().int().describe("Contacts who ever entered."),
  active: z.number().int().describe("Contacts inside now."),
  converted: z.number().int().describe("Contacts who reached the goal."),
  createdAt: TimestampSchema,
});

// A stored definition names every step; its steps are the request's steps (see the body) with their ids.
const StoredStepSchema = z.looseObject({ id: z.string(), type: z.enum(STEP_TYPES) });

const JourneySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  state: StateSchema,
  liveVersion: z.number().int().nullable().describe("The version new contacts enter; null until first started."),
  hasUnpublishedChanges: z.boolean().describe("The draft differs from the live version."),
  definition: z.object({
    entry: EntrySchema,
    reentry: ReentrySchema,
    goal: JourneyEventSchema.nullable(),
    steps: z.array(StoredStepSchema),
  }),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  startedAt: TimestampSchema.nullable(),
  stoppedAt: TimestampSchema.nullable(),
});

const figures = {
  entered: z.number().int(),
  waiting: z.number().int().describe("Contacts at the step now."),
  movedOn: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  converted: z.number().int(),
  exited: z.number().int(),
};

const AnalyticsSchema = z.object({
  journeyId: z.uuid(),
  totals: z.object({
    entered: z.number().int(),
    active: z.number().int(),
    converted: z.number().int(),
    exited: z.number().int(),
  }),
  steps: z.array(
    z.object({
      stepId: z.string(),
      type: z.enum(STEP_TYPES).nullable().describe("Null for a step only an earlier version had."),
      depth: z.number().int(),
      ...figures,
    }),
  ),
});

const stateChange = (verb: "start" | "pause" | "stop", summary: string, description: string): ApiOperation => ({
  method: "post",
  path: `/api/journeys/{id}/${verb}`,
  tag: "Journeys",
  summary,
  description,
  auth: "bearer",
  success: { status: 200, description: "The journey in its new state.", schema: dataOf(JourneySchema) },
  errors: [400, 401, 403, 404, 409],
});

/** Journeys: app/routes/api/journeys.ts, journey.ts, journey-start.ts, journey-pause.ts, journey-stop.ts, journey-analytics.ts. */
export const journeysOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/journeys",
    tag: "Journeys",
    summary: "A page of the team's journeys with their state and figures",
    auth: "bearer",
    query: ListJourneysQuerySchema,
    success: { status: 200, description: "One keyset page, newest first.", schema: pageOf(JourneyCardSchema) },
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/api/journeys",
    tag: "Journeys",
    summary: "Create a journey in draft from its whole definition",
    description:
      "A bad step is a 400 whose `fields` name it by its path, such as `steps.0.timedOut.1.seconds`. Waits are in seconds.",
    auth: "bearer",
    body: JourneyInputSchema,
    success: { status: 201, description: "The new journey, in draft.", schema: dataOf(JourneySchema) },
    errors: [400, 401, 403, 413],
  },
  {
    method: "get",
    path: "/api/journeys/{id}",
    tag: "Journeys",
    summary: "One journey with its draft definition",
    auth: "bearer",
    success: { status: 200, description: "The journey.", schema: dataOf(JourneySchema) },
    errors: [401, 404],
  },
  {
    method: "put",
    path: "/api/journeys/{id}",
    tag: "Journeys",
    summary: "Replace a journey's name and draft definition",
    description:
      "A live journey's contacts stay on the version they entered; `POST /api/journeys/{id}/start` publishes the draft as the next version.",
    auth: "bearer",
    body: JourneyInputSchema,
    success: { status: 200, description: "The journey as saved.", schema: dataOf(JourneySchema) },
    errors: [400, 401, 403, 404, 409, 413],
  },
  {
    method: "delete",
    path: "/api/journeys/{id}",
    tag: "Journeys",
    summary: "Delete a draft or stopped journey",
    description: "A live or paused journey must be stopped first (409).",
    auth: "bearer",
    success: { status: 204, description: "Deleted." },
    errors: [401, 403, 404, 409],
  },
  stateChange(
    "start",
    "Start a journey, resume it, or publish its changes",
    "A draft goes live on version 1; a paused journey resumes; a live one with draft edits publishes them as the next version.",
  ),
  stateChange(
    "pause",
    "Pause a live journey",
    "No one enters and contacts inside wait where they are until it resumes.",
  ),
  stateChange("stop", "Stop a journey for good", "No one enters and every contact inside finishes as stopped."),
  {
    method: "get",
    path: "/api/journeys/{id}/analytics",
    tag: "Journeys",
    summary: "Per step: entered, waiting, moved on, sent, skipped, converted, exited; and totals",
    auth: "bearer",
    success: { status: 200, description: "The journey's figures.", schema: dataOf(AnalyticsSchema) },
    errors: [401, 404],
  },
];
