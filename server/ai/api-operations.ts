import { z } from "zod";
import type { ApiOperation } from "#shared/api/operation.ts";
import { FilterSchema } from "#shared/segments/filter/schema.ts";
import { SampleContactSchema } from "#server/segments/api-operations.ts";
import { PromptSchema } from "./generate.ts";

// `filter` is any JSON to the route and checked by the filter schema before use.
const PromptBody = PromptSchema.extend({ filter: FilterSchema.optional() });

const GeneratedSegmentSchema = z.object({
  filter: FilterSchema,
  explanation: z.string().describe("The filter in one sentence."),
  unsupported: z.array(z.string()).describe("Parts of the prompt that did not become a condition."),
  choices: z.array(z.object({ label: z.string(), readings: z.array(z.string()), filter: FilterSchema })),
  count: z.number().int(),
  sample: z.array(SampleContactSchema),
  interpreter: z.enum(["model", "built-in"]),
  notice: z.string().nullable().describe("Why the configured model did not answer, when it did not."),
});

/** The AI segment builder: app/routes/api/segments-ai.ts. */
export const aiOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/segments/ai",
    tag: "Segments",
    summary: "Turn a plain-language prompt into a filter, with its live count and sample",
    description:
      "With `filter`, the prompt edits that filter; `readings` picks among an earlier answer's `choices`. Counted against a prompt allowance (429 past it).",
    auth: "bearer",
    body: PromptBody,
    success: { status: 200, description: "The filter and its audience.", schema: GeneratedSegmentSchema },
    errors: [400, 401, 403, 429],
  },
];
