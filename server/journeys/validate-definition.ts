import type { Database } from "#db/database.ts";
import { AppError, type FieldErrors, isAppError } from "#server/errors.ts";
import { requireValidLiquid } from "#server/content/validate.ts";
import { findSegment } from "#server/segments/find-segment.ts";
import type { JourneyDefinition } from "#shared/journeys/definition.ts";
import { placeSteps } from "./step-paths.ts";

/**
 * Checks what the schema cannot: the entry segment is one of the team's, and each
 * send step's Liquid parses and trial-renders within the render budget, as a
 * campaign's must. Channels need no check here: a channel without an enabled
 * provider sends to the outbox, as campaigns do. Throws INVALID naming each field
 * by its path in the definition ("steps.2.content").
 */
export async function requireValidDefinition(
  db: Database,
  options: { teamId: string; definition: JourneyDefinition },
): Promise<void> {
  const { entry } = options.definition;
  const fields: FieldErrors = {};
  if (entry.type === "segment") {
    const segment = await findSegment(db, { teamId: options.teamId, segmentId: entry.segmentId });
    if (!segment) fields["entry.segmentId"] = ["No segment of this team has this id"];
  }
  for (const { step, path } of placeSteps(options.definition.steps)) {
    if (step.type !== "send") continue;
    try {
      await requireValidLiquid({
        type: step.channel,
        subject: step.subject,
        content: step.content,
        contentFormat: step.contentFormat,
        whatsappParameters: step.whatsapp?.parameters ?? [],
      });
    } catch (error) {
      if (!isAppError(error) || error.code !== "INVALID") throw error;
      for (const [field, messages] of Object.entries(error.fields ?? { content: [error.message] }))
        (fields[`${path}.${field}`] ??= []).push(...messages);
    }
  }
  const summary = Object.entries(fields).map(([field, messages]) => `${field}: ${messages[0]}`);
  if (summary.length > 0) throw new AppError("INVALID", `Invalid journey. ${summary.join("; ")}`, { fields });
}
