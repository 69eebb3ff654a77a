// A select with its label, optional hint and error text, wired up for screen readers. The browser's
// own arrow is replaced by one drawn in the product's ink, so the control looks the same everywhere;
// the native select (and its keyboard and touch behaviour) stays.
import type { SelectHTMLAttributes } from "react";
import { controlClass, Field, type FieldText } from "./field";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> &
  FieldText & { options: readonly { value: string; label: string }[] };

export function SelectField({ label, hint, error, options, id, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <select
            {...control}
            className={controlClass(error, "min-h-11 w-full cursor-pointer appearance-none pr-10")}
            {...select}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-muted"
          >
            <path
              d="M5.5 7.5 10 12l4.5-4.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      )}
    </Field>
  );
}
