// A date input with its label, hint and error: the browser's own date picker (keyboard, screen reader
// and phone support come with it), shown in the page's language; the value is always YYYY-MM-DD.
import type { InputHTMLAttributes } from "react";
import { controlClass, Field, type FieldText } from "./field";

type DateFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "min" | "max"> &
  FieldText & {
    /** The earliest and latest date allowed, as YYYY-MM-DD. */
    min?: string;
    max?: string;
  };

export function DateField({ label, hint, error, id, className, ...input }: DateFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <input
          type="date"
          {...control}
          className={controlClass(error, "min-h-11 w-full max-w-48 tabular-nums")}
          {...input}
        />
      )}
    </Field>
  );
}
