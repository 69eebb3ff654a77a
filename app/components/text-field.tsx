// A text input with its label, optional hint and error text, wired up for screen readers.
import type { InputHTMLAttributes } from "react";
import { controlClass, Field, type FieldText } from "./field";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & FieldText;

export function TextField({ label, hint, error, id, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <input {...control} className={controlClass(error, "min-h-11 placeholder:text-muted")} {...input} />
      )}
    </Field>
  );
}
