import { FolderPlus, Plus, Trash2 } from "lucide-react";
import { EngagementInputs, EventInputs, MembershipInputs, SubscriptionInputs } from "./activity-inputs.tsx";
import { AttributeInputs, ContactFieldInputs } from "./comparison-inputs.tsx";
import { asList, asNode, asText, DRAFT_MAX_DEPTH, type DraftNode } from "./draft.ts";
import { NodeErrors, SelectField } from "./field.tsx";
import { COMBINATOR_OPTIONS, FIELD_OPTIONS, KIND_OPTIONS } from "./vocabulary.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

type GroupProps = { node: DraftNode; path: string; label: string; depth: number; selfId?: string };

/**
 * A group of conditions joined by "all of" or "any of", drawn as a box with its
 * conditions and its buttons. Buttons are submit buttons carrying an intent, so
 * adding and removing work by a round trip without JavaScript; with it, the
 * builder applies the same intent in the browser.
 */
export function GroupEditor({ node, path, label, depth, selfId }: GroupProps) {
  const conditions = asList(node.conditions).map(asNode);
  const root = depth === 1;
  return (
    <fieldset
      className={cn("flex flex-col gap-3 rounded-lg border p-3", root ? "border-border" : "border-dashed bg-muted/30")}
    >
      <legend className="sr-only">{root ? "Conditions" : `Group ${label}`}</legend>
      {root ? null : <input type="hidden" name={`${path}.uid`} value={asText(node.uid)} />}
      <input type="hidden" name={`${path}.type`} value="group" />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Contacts matching</span>
        <SelectField
          name={`${path}.combinator`}
          label={root ? "Match" : `Match in group ${label}`}
          value={asText(node.combinator) || "and"}
          choices={COMBINATOR_OPTIONS}
        />
        <span>these conditions</span>
        {root ? null : (
          <RemoveButton path={path} label={label}>
            Remove group
          </RemoveButton>
        )}
      </div>
      <NodeErrors name={`${path}.conditions`} />
      {conditions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No conditions: every contact matches.</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {conditions.map((child, i) => {
          const childPath = `${path}.conditions[${i}]`;
          const childLabel = root ? `${i + 1}` : `${label}.${i + 1}`;
          return (
            <li key={asText(child.uid) || i}>
              {asText(child.type) === "group" ? (
                <GroupEditor node={child} path={childPath} label={childLabel} depth={depth + 1} selfId={selfId} />
              ) : (
                <ConditionEditor node={child} path={childPath} label={`condition ${childLabel}`} selfId={selfId} />
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value={`add-condition:${path}`} variant="outline" size="sm" formNoValidate>
          <Plus aria-hidden="true" />
          Add condition<span className="sr-only">{root ? "" : ` to group ${label}`}</span>
        </Button>
        {depth < DRAFT_MAX_DEPTH ? (
          <Button type="submit" name="intent" value={`add-group:${path}`} variant="outline" size="sm" formNoValidate>
            <FolderPlus aria-hidden="true" />
            Add group<span className="sr-only">{root ? "" : ` to group ${label}`}</span>
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** One condition: its kind, then the inputs that kind needs. */
function ConditionEditor({
  node,
  path,
  label,
  selfId,
}: {
  node: DraftNode;
  path: string;
  label: string;
  selfId?: string;
}) {
  const kind = asText(node.type) || "attribute";
  const props = { node, path, label };
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border bg-background p-2">
      <input type="hidden" name={`${path}.uid`} value={asText(node.uid)} />
      <SelectField name={`${path}.type`} label={`Kind of ${label}`} value={kind} choices={KIND_OPTIONS} />
      {kind === "attribute" ? <AttributeInputs {...props} /> : null}
      {kind === "field" ? <ContactFieldInputs {...props} fields={FIELD_OPTIONS} /> : null}
      {kind === "event" ? <EventInputs {...props} /> : null}
      {kind === "engagement" ? <EngagementInputs {...props} /> : null}
      {kind === "subscription" ? <SubscriptionInputs {...props} /> : null}
      {kind === "segment" ? <MembershipInputs {...props} selfId={selfId} /> : null}
      <RemoveButton path={path} label={label}>
        Remove
      </RemoveButton>
      <NodeErrors name={path} />
    </div>
  );
}

/**
 * Removes the group or condition at `path`: a submit button carrying the intent, so it
 * works by a round trip without JavaScript. Screen readers hear which one it removes.
 */
function RemoveButton({ path, label, children }: { path: string; label: string; children: string }) {
  return (
    <Button
      type="submit"
      name="intent"
      value={`remove:${path}`}
      variant="ghost"
      size="sm"
      className="ml-auto"
      formNoValidate
    >
      <Trash2 aria-hidden="true" />
      {children}
      <span className="sr-only"> {label}</span>
    </Button>
  );
}
