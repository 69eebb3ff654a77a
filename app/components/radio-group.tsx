// A group of radio buttons: a fieldset whose legend is the question, one labelled row per choice
// (at least 44 px high), and the group's hint and error tied to it for screen readers.
import { useId } from "react";
import { choiceClass, FieldError, FieldHint, type FieldText } from "./field";

export type RadioOption = { value: string; label: string; hint?: string };

type RadioGroupProps = FieldText & {
  name: string;
  options: readonly RadioOption[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** Side by side when there is room (short labels), else one under the other. */
  inline?: boolean;
  /** The question as a heading (h2) of its own: a group that is a part of a longer form by itself. */
  heading?: boolean;
  className?: string;
};

export function RadioGroup({
  label,
  hint,
  error,
  name,
  options,
  value,
  defaultValue,
  onChange,
  required,
  disabled,
  inline = false,
  heading = false,
  className = "",
}: RadioGroupProps) {
  const base = useId();
  const hintId = hint ? `${base}-hint` : undefined;
  const errorId = error ? `${base}-error` : undefined;
  return (
    <fieldset
      className={`flex min-w-0 flex-col gap-1 ${className}`}
      aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      disabled={disabled}
    >
      {heading ? (
        <legend className="mb-2">
          <h2 className="text-lg font-semibold">{label}</h2>
        </legend>
      ) : (
        <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      )}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      <div className={inline ? "flex flex-wrap gap-x-6" : "flex flex-col"}>
        {options.map((option, index) => {
          const id = `${base}-${index}`;
          const optionHintId = option.hint ? `${id}-hint` : undefined;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex min-h-11 cursor-pointer items-start gap-3 py-2.5"
            >
              <input
                type="radio"
                id={id}
                name={name}
                value={option.value}
                className={choiceClass}
                required={required}
                aria-describedby={optionHintId}
                {...(value !== undefined
                  ? { checked: value === option.value, onChange: () => onChange?.(option.value) }
                  : {
                      defaultChecked: defaultValue === option.value,
                      onChange: () => onChange?.(option.value),
                    })}
              />
              <span className="flex flex-col">
                <span className="text-base text-ink">{option.label}</span>
                {option.hint && (
                  // Said once, as the radio's description: out of its name, which the label would
                  // otherwise read it into.
                  <span id={optionHintId} aria-hidden="true" className="text-sm text-muted">
                    {option.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
