import { X } from "lucide-react";
import { DATALISTS, useBuilder } from "./builder-context.ts";
import { ComparisonInputs } from "./comparison-inputs.tsx";
import { asList, asNode, asText, type DraftNode } from "./draft.ts";
import { SelectField, TextField } from "./field.tsx";
import {
  CHANNEL_OPTIONS,
  ENGAGEMENT_OPTIONS,
  EVENT_OPERATOR_OPTIONS,
  fittingOperator,
  FREQUENCY_OPTIONS,
  MEMBERSHIP_OPTIONS,
  SUBSCRIPTION_OPTIONS,
  WINDOW_OPTIONS,
} from "./vocabulary.ts";
import { Button } from "#app/components/ui/button.tsx";

type Props = { node: DraftNode; path: string; label: string };

/** When: at any time, in the last N days, or between two dates. */
function WindowInputs({ node, path, label }: Props) {
  const window = asNode(node.window);
  const type = asText(window.type) || "any_time";
  return (
    <>
      <SelectField
        name={`${path}.window.type`}
        label={`Time window of ${label}`}
        value={type}
        choices={WINDOW_OPTIONS}
      />
      {type === "last_days" ? (
        <TextField
          name={`${path}.window.days`}
          label={`Days of ${label}`}
          value={asText(window.days)}
          type="number"
          min={1}
          placeholder="30"
          className="w-24"
        />
      ) : null}
      {type === "between" ? (
        <>
          <TextField
            name={`${path}.window.from`}
            label={`From date of ${label}`}
            value={asText(window.from)}
            type="date"
          />
          <TextField name={`${path}.window.to`} label={`To date of ${label}`} value={asText(window.to)} type="date" />
        </>
      ) : null}
    </>
  );
}

export function EventInputs({ node, path, label }: Props) {
  const properties = asList(node.properties).map(asNode);
  return (
    <>
      <SelectField
        name={`${path}.operator`}
        label={`Operator of ${label}`}
        value={fittingOperator(node)}
        choices={EVENT_OPERATOR_OPTIONS}
      />
      <TextField
        name={`${path}.event`}
        label={`Event of ${label}`}
        value={asText(node.event)}
        list={DATALISTS.events}
        placeholder="Report Exported"
        className="w-48"
      />
      <SelectField
        name={`${path}.frequency`}
        label={`How often, ${label}`}
        value={asText(node.frequency) || "at_least"}
        choices={FREQUENCY_OPTIONS}
      />
      <TextField
        name={`${path}.times`}
        label={`Times of ${label}`}
        value={asText(node.times) || "1"}
        type="number"
        min={0}
        className="w-20"
      />
      <span className="text-sm text-muted-foreground">times</span>
      <WindowInputs node={node} path={path} label={label} />
      <div className="flex basis-full flex-col gap-2 pl-4">
        {properties.map((property, i) => {
          const at = `${path}.properties[${i}]`;
          const which = `property ${i + 1} of ${label}`;
          return (
            <div key={asText(property.uid) || i} className="flex flex-wrap items-center gap-2">
              <input type="hidden" name={`${at}.uid`} value={asText(property.uid)} />
              <span className="text-sm text-muted-foreground">where</span>
              <TextField
                name={`${at}.property`}
                label={`Property of ${which}`}
                value={asText(property.property)}
                list={DATALISTS.properties}
                placeholder="format"
                className="w-32"
              />
              <ComparisonInputs node={property} path={at} label={which} />
              <Button
                type="submit"
                name="intent"
                value={`remove:${at}`}
                variant="ghost"
                size="icon"
                formNoValidate
                aria-label={`Remove ${which}`}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          );
        })}
        <div>
          <Button type="submit" name="intent" value={`add-property:${path}`} variant="ghost" size="sm" formNoValidate>
            Add property condition<span className="sr-only"> to {label}</span>
          </Button>
        </div>
      </div>
    </>
  );
}

export function EngagementInputs({ node, path, label }: Props) {
  const { campaigns } = useBuilder();
  const choices = [{ value: "", label: "any campaign" }, ...campaigns.map((c) => ({ value: c.id, label: c.name }))];
  return (
    <>
      <SelectField
        name={`${path}.operator`}
        label={`Operator of ${label}`}
        value={fittingOperator(node)}
        choices={ENGAGEMENT_OPTIONS}
      />
      <SelectField
        name={`${path}.campaignId`}
        label={`Campaign of ${label}`}
        value={asText(node.campaignId)}
        choices={choices}
        className="max-w-56"
      />
      <WindowInputs node={node} path={path} label={label} />
    </>
  );
}

export function SubscriptionInputs({ node, path, label }: Props) {
  return (
    <>
      <SelectField
        name={`${path}.operator`}
        label={`Operator of ${label}`}
        value={fittingOperator(node)}
        choices={SUBSCRIPTION_OPTIONS}
      />
      <SelectField
        name={`${path}.channel`}
        label={`Channel of ${label}`}
        value={asText(node.channel) || "email"}
        choices={CHANNEL_OPTIONS}
      />
    </>
  );
}

export function MembershipInputs({ node, path, label, selfId }: Props & { selfId?: string }) {
  const { segments } = useBuilder();
  const others = segments.filter((segment) => segment.id !== selfId);
  const chosen = asText(node.segmentId);
  const choices = [
    ...(chosen ? [] : [{ value: "", label: "Choose a segment" }]),
    ...others.map((segment) => ({ value: segment.id, label: segment.name })),
  ];
  return (
    <>
      <SelectField
        name={`${path}.operator`}
        label={`Operator of ${label}`}
        value={fittingOperator(node)}
        choices={MEMBERSHIP_OPTIONS}
      />
      <SelectField
        name={`${path}.segmentId`}
        label={`Segment of ${label}`}
        value={chosen}
        choices={choices}
        className="max-w-56"
      />
    </>
  );
}
