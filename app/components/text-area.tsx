// A multi-line text input with its label, optional hint and error text, wired for screen readers.
import type { TextareaHTMLAttributes } from "react";
import { controlClass, Field, type FieldText } from "./field";

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldText;

export function TextArea({ label, hint, error, id, className, ...input }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea {...control} className={controlClass(error, "min-h-40")} {...input} />}
    </Field>
  );
}
