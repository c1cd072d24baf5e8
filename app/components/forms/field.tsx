import type * as React from "react";
import { FieldError } from "#app/components/ui/field-error.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * What every field shares: its label, a hint under the control, its error messages.
 * The control's id names the rest (`<id>-description`, `<id>-error`, the ids Conform's
 * field metadata uses), so `getInputProps(meta)` and a hand-made id both fit.
 */
type FieldFrameProps = {
  label: React.ReactNode;
  /** A hint under the control; screen readers hear it with the field. */
  description?: React.ReactNode;
  /** The messages to show; when there are any the control is marked invalid and points at them. */
  errors?: string[];
  /**
   * More under the hint, read with the field only when the control names it in its own aria-describedby (e.g. a live
   * counter).
   */
  extra?: React.ReactNode;
  /** Classes for the wrapper, e.g. a width or `hidden`. */
  className?: string;
};

type ControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: React.AriaAttributes["aria-invalid"] };

/**
 * The accessibility wiring of a field's control: aria-invalid while it has errors, and
 * aria-describedby naming what is shown of the hint, any extra element the caller
 * described it by (e.g. a live counter), and the errors. Ids are only named when
 * the element they name is rendered, so no reference dangles.
 */
function describeControl<P extends ControlProps>(props: P, { description, errors }: FieldFrameProps) {
  const invalid = Boolean(errors?.length);
  // Conform's props already name the error id while its own metadata is invalid; the errors
  // shown here decide instead, so a field given other messages still points at them.
  const given = (props["aria-describedby"] ?? "").split(" ").filter((id) => id && id !== errorIdOf(props.id));
  const describedBy = [...given, description ? descriptionIdOf(props.id) : null, invalid ? errorIdOf(props.id) : null]
    .filter((id, index, all) => id && all.indexOf(id) === index)
    .join(" ");
  return { ...props, "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined };
}

const descriptionIdOf = (id: string) => `${id}-description`;
const errorIdOf = (id: string) => `${id}-error`;

function FieldFrame({
  id,
  label,
  description,
  extra,
  errors,
  className,
  children,
}: FieldFrameProps & { id: string; children: React.ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {description ? (
        <div id={descriptionIdOf(id)} className="text-xs text-muted-foreground">
          {description}
        </div>
      ) : null}
      {extra}
      <FieldError id={errorIdOf(id)} errors={errors} />
    </div>
  );
}

/**
 * A labelled single-line input with its hint and errors; pass `getInputProps(meta, …)` and `meta.errors` from Conform.
 */
export function Field({
  inputProps,
  ...frame
}: FieldFrameProps & { inputProps: React.ComponentProps<"input"> & ControlProps }) {
  return (
    <FieldFrame id={inputProps.id} {...frame}>
      <Input {...describeControl(inputProps, frame)} />
    </FieldFrame>
  );
}

/** A labelled textarea with its hint and errors; pass `getTextareaProps(meta)` and `meta.errors` from Conform. */
export function TextareaField({
  textareaProps,
  ...frame
}: FieldFrameProps & { textareaProps: React.ComponentProps<"textarea"> & ControlProps }) {
  return (
    <FieldFrame id={textareaProps.id} {...frame}>
      <Textarea {...describeControl(textareaProps, frame)} />
    </FieldFrame>
  );
}

/** A labelled native select (it posts without JavaScript) with its hint and errors; the options are its children. */
export function SelectField({
  selectProps,
  children,
  ...frame
}: FieldFrameProps & { selectProps: React.ComponentProps<"select"> & ControlProps; children: React.ReactNode }) {
  return (
    <FieldFrame id={selectProps.id} {...frame}>
      <NativeSelect {...describeControl(selectProps, frame)}>{children}</NativeSelect>
    </FieldFrame>
  );
}
