import { z } from "zod";
import { HAS_PHONE_OPTIONS, SEARCH_MAX_LENGTH } from "./contacts-query.ts";

// The form behind 'Create Segment from selection'. Shared by the dialog (checked in
// the browser) and /dashboard/contacts/new-segment (checked again on the server).

export const NOTHING_SELECTED = "Select at least one contact";
/** A page holds 50 rows; anything larger is not a selection made on this page. */
const MAX_SELECTED_IDS = 500;

const selectionFields = {
  contactIds: z
    .array(z.uuid("Each selected contact must be one of your contacts"))
    .max(MAX_SELECTED_IDS, `Select at most ${MAX_SELECTED_IDS} contacts, or all matching contacts`)
    .default([]),
  /** Every contact matching the filters below, not only the ticked rows. */
  selectAllMatching: z.boolean().default(false),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).default(""),
  hasPhone: z
    .enum(HAS_PHONE_OPTIONS.map((option) => option.value))
    .catch("any")
    .default("any"),
};

function requireSomething(value: { contactIds: string[]; selectAllMatching: boolean }, ctx: z.RefinementCtx) {
  if (!value.selectAllMatching && value.contactIds.length === 0) {
    ctx.addIssue({ code: "custom", path: ["contactIds"], message: NOTHING_SELECTED });
  }
}

/** Step one without JavaScript: which contacts, before the name is asked for. */
export const ContactSelectionSchema = z.object(selectionFields).superRefine(requireSomething);

export const NewSegmentFromSelectionSchema = z
  .object({
    ...selectionFields,
    name: z
      .string({ error: "Segment name is required" })
      .trim()
      .min(1, "Segment name is required")
      .max(200, "Segment name must be at most 200 characters"),
  })
  .superRefine(requireSomething);

export type ContactSelectionInput = z.infer<typeof ContactSelectionSchema>;
