// A checkbox with its label beside it, an optional hint and error text, wired up for screen readers.
// The whole row (at least 44 px high) is the label, so it is easy to hit on a phone.
import type { InputHTMLAttributes } from "react";
import { choiceClass, FieldError, FieldHint, useFieldIds, type FieldText } from "./field";

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & FieldText;

export function CheckboxField({ label, hint, error, id, className = "", ...input }: CheckboxFieldProps) {
  const { control, hintId, errorId } = useFieldIds({ id, hint, error });
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={control.id} className="flex min-h-11 cursor-pointer items-start gap-3 py-2.5">
        <input type="checkbox" {...control} className={choiceClass} {...input} />
        <span className="text-base text-ink">{label}</span>
      </label>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
