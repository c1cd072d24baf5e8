import { applyIntent, type DraftNode, type Intent, parseIntent, ROOT } from "./draft.ts";
import { normalizeDraft } from "./vocabulary.ts";
import { decodeFormTree } from "#shared/form-tree.ts";

/** A post of the builder's form: which button, the segment name, and the tree with the button's edit applied. */
export function readBuilderForm(formData: FormData): { intent: Intent; name: string; draft: DraftNode } {
  const intent = parseIntent(formData.get("intent"));
  const name = formData.get("name");
  const draft = normalizeDraft(decodeFormTree(formData.entries(), ROOT));
  return {
    intent,
    name: typeof name === "string" ? name : "",
    draft: normalizeDraft(applyIntent({ ...draft, type: "group" }, intent)),
  };
}
