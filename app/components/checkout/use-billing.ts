// The billing address's part of a form that issues an invoice (the owner's invoice checkout, a year
// given by invoice): its values; the fields left once, the only ones checked while typing (a message
// follows the typing and goes as soon as the field is right); every field checked before sending; and
// the API's messages of `billing.<field>` put at their fields. The form's other fields keep theirs.
import { useRef, useState } from "react";
import type { Failure } from "../../lib/failure";
import type { FieldErrors } from "../../lib/use-form-submit";
import {
  billingFields,
  billingMessageKey,
  billingProblems,
  emptyBilling,
  type BillingField,
  type BillingValues,
} from "./billing-fields";

/** What the hook needs of the form's useFormSubmit. */
type BillingForm<F extends string> = {
  errors: FieldErrors<F>;
  check(problems: FieldErrors<F>): boolean;
  message(field: F): string | undefined;
};

const isBillingField = (field: string): field is BillingField =>
  (billingFields as readonly string[]).includes(field);

/** The billing fields a call's 400 named (`billing.<field>`, with the schema's message: the same text
 * the browser would have shown), as their messages' keys; null when it named none. */
export function billingFieldsNamed(failure: Failure): Partial<Record<BillingField, string>> | null {
  if (failure.code !== "invalid_request") return null;
  const named = Object.entries(failure.fields).flatMap(([path, message]) => {
    const field = path.replace(/^billing\./, "");
    return path.startsWith("billing.") && isBillingField(field)
      ? [[field, billingMessageKey(message)] as const]
      : [];
  });
  return named.length > 0 ? Object.fromEntries(named) : null;
}

export function useBilling<F extends string>(form: BillingForm<F | BillingField>, email: string) {
  const [values, setValues] = useState<BillingValues>(() => emptyBilling(email));
  const touched = useRef(new Set<BillingField>());

  /** The messages of the fields left so far, for `next`; the other fields' messages stay. */
  function checkTouched(next: BillingValues) {
    const problems = billingProblems(next);
    const others = Object.entries(form.errors).filter(([field]) => !isBillingField(field));
    form.check({
      ...Object.fromEntries(others),
      ...Object.fromEntries([...touched.current].map((field) => [field, problems[field]])),
    } as FieldErrors<F | BillingField>);
  }

  function change(field: BillingField, value: string) {
    // The postcode written as it prints, when it is so already, is no change: a message the API put at
    // it stays until the field is edited.
    if (value === values[field]) return;
    const next = { ...values, [field]: value };
    setValues(next);
    if (form.errors[field]) checkTouched(next);
  }

  function leave(field: BillingField) {
    // Passing over an empty field is no mistake yet; sending the form says what is missing.
    if (!values[field].trim() && !form.errors[field]) return;
    touched.current.add(field);
    checkTouched(values);
  }

  return {
    values,
    /** The address as the API takes it. */
    body: { ...values, careOf: values.careOf || null },
    /** Before sending: every field counts as left, and these are their problems. */
    problems(): Partial<Record<BillingField, string>> {
      for (const field of billingFields) touched.current.add(field);
      return billingProblems(values);
    },
    namedIn: billingFieldsNamed,
    /** The props of <BillingFields>. */
    fields: {
      values,
      onChange: change,
      onBlur: leave,
      message: (field: BillingField) => form.message(field),
    },
  };
}
