import { FieldError } from "#app/components/ui/field-error.tsx";

export type Choice<V extends string> = { value: V; label: string; description: string };

/**
 * A fieldset of radio buttons drawn as cards, each with a label and a sentence saying
 * what it means (a key's role, a key's kind); the chosen card is outlined. A plain
 * radio group underneath, so it posts without JavaScript.
 */
export function ChoiceCards<V extends string>(props: {
  legend: string;
  name: string;
  choices: readonly Choice<V>[];
  chosen: string;
  errorId: string;
  errors?: string[];
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={props.errors ? props.errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{props.legend}</legend>
      {props.choices.map((choice) => (
        <label
          key={choice.value}
          className="flex max-w-xl items-start gap-3 rounded-md border p-3 text-sm has-checked:border-primary"
        >
          <input
            type="radio"
            name={props.name}
            value={choice.value}
            defaultChecked={choice.value === props.chosen}
            className="mt-0.5"
          />
          <span className="flex flex-col gap-0.5">
            <span className="font-medium">{choice.label}</span>
            <span className="text-muted-foreground">{choice.description}</span>
          </span>
        </label>
      ))}
      <FieldError id={props.errorId} errors={props.errors} />
    </fieldset>
  );
}
