import type * as React from "react";
import { useBuilder } from "./builder-context.ts";
import type { Option } from "./vocabulary.ts";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/cn.ts";

// One input or menu of the builder: named by its place in the tree, labelled for
// screen readers with the condition it belongs to, its errors shown beneath it.

const fieldId = (name: string) => `f-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;

function Errors({ name }: { name: string }) {
  const messages = useBuilder().errors[name];
  if (!messages?.length) return null;
  return (
    <span id={`${fieldId(name)}-error`} className="basis-full text-sm text-destructive">
      {messages.join(" ")}
    </span>
  );
}

function errorProps(name: string, invalid: boolean) {
  return invalid ? { "aria-invalid": true, "aria-describedby": `${fieldId(name)}-error` } : {};
}

export function SelectField({
  name,
  label,
  value,
  choices,
  className,
}: {
  name: string;
  label: string;
  value: string;
  choices: Option[];
  className?: string;
}) {
  const invalid = Boolean(useBuilder().errors[name]?.length);
  return (
    <>
      <NativeSelect
        id={fieldId(name)}
        name={name}
        aria-label={label}
        defaultValue={value}
        className={cn("w-auto", className)}
        {...errorProps(name, invalid)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
      <Errors name={name} />
    </>
  );
}

export function TextField({
  name,
  label,
  value,
  className,
  ...props
}: { name: string; label: string; value: string; className?: string } & Omit<
  React.ComponentProps<"input">,
  "name" | "value"
>) {
  const invalid = Boolean(useBuilder().errors[name]?.length);
  return (
    <>
      <Input
        id={fieldId(name)}
        name={name}
        aria-label={label}
        defaultValue={value}
        className={cn("w-auto min-w-0", className)}
        {...errorProps(name, invalid)}
        {...props}
      />
      <Errors name={name} />
    </>
  );
}

/** The messages of a whole node (a missing or unknown kind), not of one of its inputs. */
export function NodeErrors({ name }: { name: string }) {
  return <Errors name={name} />;
}
