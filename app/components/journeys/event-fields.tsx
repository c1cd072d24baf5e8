import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { Field, SelectField } from "#app/components/forms/field.tsx";
import { GOAL_FORM_OPERATORS } from "#shared/campaigns/conversion-goal.ts";

type Row = { property?: string; operator?: string; value?: string };
export type EventFieldValues = { event?: string; properties?: Row[] };

/**
 * An event and conditions on its properties, one row each, with an empty row to
 * add one (without JavaScript, saving offers the next): what a journey's entry, its
 * goal and a wait for an event name. `label` names the event field ("Entry event").
 */
export function EventFields({
  meta,
  label,
  description,
  placeholder,
}: {
  meta: FieldMetadata<EventFieldValues | undefined>;
  label: string;
  description?: string;
  placeholder: string;
}) {
  const fields = meta.getFieldset();
  const rows = fields.properties.getFieldList();
  return (
    <div className="flex flex-col gap-3">
      <Field
        label={label}
        description={description}
        inputProps={{ ...getInputProps(fields.event, { type: "text" }), placeholder, autoComplete: "off" }}
        errors={fields.event.errors}
      />
      {rows.map((row, index) => {
        const condition = row.getFieldset();
        const name = `${label}, property ${index + 1}`;
        return (
          <div key={row.key} className="grid gap-3 sm:grid-cols-3">
            <Field
              label={name}
              inputProps={{
                ...getInputProps(condition.property, { type: "text" }),
                placeholder: "cart_id",
                autoComplete: "off",
              }}
              errors={condition.property.errors}
            />
            <SelectField
              label={`${name} comparison`}
              selectProps={{ ...getSelectProps(condition.operator), className: "w-full" }}
              errors={condition.operator.errors}
            >
              {Object.entries(GOAL_FORM_OPERATORS).map(([operator, text]) => (
                <option key={operator} value={operator}>
                  {text}
                </option>
              ))}
            </SelectField>
            <Field
              label={`${name} value`}
              inputProps={{ ...getInputProps(condition.value, { type: "text" }), autoComplete: "off" }}
              errors={condition.value.errors}
            />
          </div>
        );
      })}
    </div>
  );
}
