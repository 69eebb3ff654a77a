// The frame every form control shares: its label, an optional hint and error text, and the ids
// that tie them to the control for screen readers.
import { useId, type ReactNode } from "react";

export type FieldText = { label: string; hint?: string; error?: string };

/** The control's attributes: its id, and what describes it and marks it invalid. */
export type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * The ids of a control, its hint and its error, and the attributes that tie them together. Field uses
 * it; so do the controls whose label does not sit above them (a checkbox, a group of radios).
 */
export function useFieldIds({ id, hint, error }: { id?: string; hint?: string; error?: string }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control: ControlProps = {
    id: controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
  };
  return { control, hintId, errorId };
}

export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-muted">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-danger">
      {children}
    </p>
  );
}

export function Field({
  label,
  hint,
  error,
  id,
  className = "",
  children,
}: FieldText & { id?: string; className?: string; children: (control: ControlProps) => ReactNode }) {
  const { control, hintId, errorId } = useFieldIds({ id, hint, error });
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={control.id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {children(control)}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The look of a control, red-edged when it holds an error. */
export function controlClass(error: string | undefined, extra = ""): string {
  return `rounded-[var(--radius-control)] border bg-raised px-3 py-2 text-base text-ink ${
    error ? "border-danger" : "border-line"
  } ${extra}`.trim();
}

/**
 * A field beside its button on a wide screen, above it on a phone (a search, a name to add, an address
 * to invite). `end` sets the button at the input's foot; `start` at its top, the button then taking
 * `besideFieldClass` to step past the label, so that a hint or an error under the input moves nothing.
 */
export function fieldRowClass(align: "start" | "end", extra = ""): string {
  return `flex flex-col gap-3 sm:flex-row ${align === "end" ? "sm:items-end" : "sm:items-start"} ${extra}`.trim();
}
export const besideFieldClass = "sm:mt-7";

/** The look of a checkbox or radio: the product's colour when checked, large enough to hit. */
export const choiceClass = "mt-0.5 size-5 shrink-0 cursor-pointer accent-brand";
