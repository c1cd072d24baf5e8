import { DATALISTS } from "./builder-context.ts";
import { asText, type DraftNode } from "./draft.ts";
import { SelectField, TextField } from "./field.tsx";
import { comparisonOptions, fittingOperator, valueInputFor } from "./vocabulary.ts";

/** An operator and the value it needs, for a contact field, an attribute or an event property. */
export function ComparisonInputs({
  node,
  path,
  label,
  field,
}: {
  node: DraftNode;
  path: string;
  label: string;
  field?: string;
}) {
  const operator = fittingOperator(field ? { ...node, type: "field", field } : { ...node, type: "attribute" });
  const input = valueInputFor(operator);
  const value = asText(node.value);
  return (
    <>
      <SelectField
        key={`operator-${field ?? ""}`}
        name={`${path}.operator`}
        label={`Operator of ${label}`}
        value={operator}
        choices={comparisonOptions(field)}
      />
      {input === "none" ? null : (
        <TextField
          key={`value-${input}`}
          name={`${path}.value`}
          label={`Value of ${label}`}
          value={value}
          type={input === "number" || input === "days" ? "number" : input === "date" ? "date" : "text"}
          step={input === "number" ? "any" : undefined}
          min={input === "days" ? 1 : undefined}
          placeholder={input === "list" ? "pro, team" : input === "days" ? "days" : "value"}
          className={input === "number" || input === "days" ? "w-28" : "w-44"}
        />
      )}
    </>
  );
}

export function AttributeInputs({ node, path, label }: { node: DraftNode; path: string; label: string }) {
  return (
    <>
      <TextField
        name={`${path}.key`}
        label={`Attribute of ${label}`}
        value={asText(node.key)}
        list={DATALISTS.attributes}
        placeholder="plan"
        className="w-36"
      />
      <ComparisonInputs node={node} path={path} label={label} />
    </>
  );
}

export function ContactFieldInputs({
  node,
  path,
  label,
  fields,
}: {
  node: DraftNode;
  path: string;
  label: string;
  fields: { value: string; label: string }[];
}) {
  const field = asText(node.field) || "name";
  return (
    <>
      <SelectField name={`${path}.field`} label={`Field of ${label}`} value={field} choices={fields} />
      <ComparisonInputs node={node} path={path} label={label} field={field} />
    </>
  );
}
