// The state a form keeps while it sends: idle, busy, done or failed, and one message per field (an
// i18n key) from the browser's own checks or from the API's answer `{ error: { code, message, fields } }`.
// Every form decides the same way what a failure shows: the fields the answer names, with the form's
// text for that code, and the spec's alert "There was an error" (<FormAlert>, app/components/form-alert.tsx).
//
//   const form = useFormSubmit({ fields: ["email", "password"] });
//   <form onSubmit={(event) => void form.submit(event, { check: () => ({ … }), send: () => … })}>
//     <FormAlert form={form} />
//     <TextField … error={form.message("password")} />
//     <Button type="submit" busy={form.busy}>…</Button>
import { useState, type FormEvent } from "react";
import { useTranslation } from "./i18n";
import { apiErrorMessages } from "./validate";
import { failureOf, type Failure } from "./failure";

export type FormState = "idle" | "busy" | "done" | "failed";

/** What is wrong with each field, as i18n keys; a field without a problem is left out or undefined. */
export type FieldErrors<F extends string> = Partial<Record<F, string | undefined>>;

/** The API's codes a form explains at a field: code → i18n key, or per form field for codes that mean
 * something different at each. */
export type ErrorMessages<F extends string> = Record<string, string | Partial<Record<F, string>>>;

export type FormOptions<F extends string> = {
  /** The form's fields: the only places a message is shown at. */
  fields: readonly F[];
  /** The codes this form explains at a field; default: the account forms' (apiErrorMessages). */
  messages?: ErrorMessages<F>;
  /** The form's name of a field the API names otherwise (API field → form field). */
  fieldNames?: Partial<Record<string, F>>;
  /** A failure explained at a field shows no alert besides (admin forms); the account forms show both,
   * as the spec's error catalogue asks for sign-in and sign-up. */
  quietWhenExplained?: boolean;
};

/** What sending answers: nothing (a call that throws when it fails, as the api client does), or a
 * sign-in result (app/lib/auth.ts) that says whether it worked. */
export type Outcome = void | { ok: true } | { ok: false; code?: string; fields?: Record<string, string> };

export type SubmitOptions<F extends string> = {
  /** The browser's own checks; nothing is sent while any field has a problem. */
  check?: () => FieldErrors<F>;
  send: () => Promise<Outcome>;
  /** After a success, before the form shows it is done (clear fields, reload data). */
  onDone?: () => void | Promise<void>;
  /** The page reloads or moves on after a success: the form stays busy until it has. */
  staysBusy?: boolean;
};

/** The messages a failure gets at the form's fields: each field the answer names, if the form has it
 * and a text for the code there. */
export function explainFailure<F extends string>(
  failure: Failure,
  options: Omit<FormOptions<F>, "quietWhenExplained">,
): FieldErrors<F> {
  const known = failure.code ? (options.messages ?? apiErrorMessages)[failure.code] : undefined;
  if (!known) return {};
  const explained: FieldErrors<F> = {};
  for (const apiField of Object.keys(failure.fields)) {
    const field = options.fieldNames?.[apiField] ?? (apiField as F);
    if (!options.fields.includes(field)) continue;
    const message = typeof known === "string" ? known : known[field];
    if (message) explained[field] = message;
  }
  return explained;
}

/** Only the fields that have a problem. */
function problemsOf<F extends string>(errors: FieldErrors<F>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<F>;
}

export function useFormSubmit<F extends string>(options: FormOptions<F>) {
  const { t } = useTranslation();
  const [state, setState] = useState<FormState>("idle");
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState<Failure>();

  /** Shows the browser's own checks (and drops the last answer's alert); true when all are fine. */
  function check(problems: FieldErrors<F>): boolean {
    const found = problemsOf(problems);
    setErrors(found);
    setFailure(undefined);
    setState("idle");
    return Object.keys(found).length === 0;
  }

  /** Shows a failure: the fields it names that the form explains, and the alert. */
  function failWith(parsed: Failure): void {
    setErrors(explainFailure(parsed, options));
    setFailure(parsed);
    setState("failed");
  }

  /** Sends (busy meanwhile), then shows it done, or what failed. */
  async function send(submit: Omit<SubmitOptions<F>, "check">): Promise<void> {
    setState("busy");
    setFailure(undefined);
    try {
      const outcome = await submit.send();
      if (outcome && !outcome.ok) {
        failWith({ code: outcome.code, fields: outcome.fields ?? {} });
        return;
      }
      await submit.onDone?.();
    } catch (caught) {
      failWith(failureOf(caught));
      return;
    }
    if (!submit.staysBusy) setState("done");
  }

  /** The form's submit handler: the checks, then sending. One send per press: Enter in a field while
   * the form is being sent sends nothing more (the button is disabled meanwhile; a field is not). */
  async function submit(event: FormEvent, submitOptions: SubmitOptions<F>): Promise<void> {
    event.preventDefault();
    if (state === "busy") return;
    if (submitOptions.check && !check(submitOptions.check())) return;
    await send(submitOptions);
  }

  const explained = Object.keys(errors).length > 0;
  return {
    state,
    busy: state === "busy",
    done: state === "done",
    /** The i18n key of each field's problem (for fields that translate it themselves). */
    errors,
    /** The failed call's code and fields, for a form that shows a code its own way. */
    failure,
    /** Whether to show the spec's alert "There was an error". */
    showAlert: state === "failed" && !(options.quietWhenExplained && explained),
    /** A field's problem in the reader's language. */
    message: (field: F, values?: Record<string, unknown>): string | undefined => {
      const key = errors[field];
      return key ? t(key, values) : undefined;
    },
    submit,
    check,
    send,
    /** Shows a call the form made itself as failed (the api client's error). */
    fail: (caught: unknown) => failWith(failureOf(caught)),
    /** Hides the last outcome (done or failed), as when the input changes; field messages stay. */
    dismiss: () => setState((current) => (current === "busy" ? current : "idle")),
  };
}
