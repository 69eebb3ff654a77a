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

export function Field({
  label,
  hint,
  error,
  id,
  className = "",
  children,
}: FieldText & { id?: string; className?: string; children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-medium text-ink">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The look of a control, red-edged when it holds an error. */
export function controlClass(error: string | undefined, extra = ""): string {
  return `rounded-[var(--radius-control)] border bg-raised px-3 py-2 text-base text-ink ${
    error ? "border-danger" : "border-line"
  } ${extra}`.trim();
}
