// A select with its label, optional hint and error text, wired up for screen readers.
import type { SelectHTMLAttributes } from "react";
import { controlClass, Field, type FieldText } from "./field";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> &
  FieldText & { options: readonly { value: string; label: string }[] };

export function SelectField({ label, hint, error, options, id, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} className={controlClass(error, "min-h-11")} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
