import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { Field, SelectField } from "#app/components/forms/field.tsx";
import { GOAL_FORM_OPERATORS } from "#shared/campaigns/conversion-goal.ts";

type GoalRow = { property?: string; operator?: string; value?: string };
type GoalFields = { event?: string; withinDays?: string; revenueProperty?: string; properties?: GoalRow[] };

/**
 * The campaign's conversion goal: the event, conditions on its properties (one row
 * each, with an empty row to add one; without JavaScript, saving and editing again
 * offers the next), the window in days and the revenue property. An empty event
 * means no goal.
 */
export function ConversionGoalFields({ meta }: { meta: FieldMetadata<GoalFields | undefined> }) {
  const goal = meta.getFieldset();
  const rows = goal.properties.getFieldList();
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Conversion goal</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label="Goal event"
          description="Leave empty for no goal."
          inputProps={{
            ...getInputProps(goal.event, { type: "text" }),
            placeholder: "Order Completed",
            autoComplete: "off",
          }}
          errors={goal.event.errors}
        />
        <Field
          label="Within days of receiving"
          inputProps={{
            ...getInputProps(goal.withinDays, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "off",
          }}
          errors={goal.withinDays.errors}
        />
        <Field
          label="Revenue property"
          description="A numeric property summed as revenue; optional."
          inputProps={{
            ...getInputProps(goal.revenueProperty, { type: "text" }),
            placeholder: "total",
            autoComplete: "off",
          }}
          errors={goal.revenueProperty.errors}
        />
      </div>
      {rows.map((row, index) => {
        const condition = row.getFieldset();
        return (
          <div key={row.key} className="grid gap-3 sm:grid-cols-3">
            <Field
              label={`Property ${index + 1}`}
              inputProps={{
                ...getInputProps(condition.property, { type: "text" }),
                placeholder: "plan",
                autoComplete: "off",
              }}
              errors={condition.property.errors}
            />
            <SelectField
              label={`Property ${index + 1} comparison`}
              selectProps={{ ...getSelectProps(condition.operator), className: "w-full" }}
              errors={condition.operator.errors}
            >
              {Object.entries(GOAL_FORM_OPERATORS).map(([operator, label]) => (
                <option key={operator} value={operator}>
                  {label}
                </option>
              ))}
            </SelectField>
            <Field
              label={`Property ${index + 1} value`}
              inputProps={{ ...getInputProps(condition.value, { type: "text" }), autoComplete: "off" }}
              errors={condition.value.errors}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
