// What a form says about its last submit: the spec's "There was an error" when it failed (useFormSubmit
// decides when), with what the form can tell about that failure inside the alert (so screen readers
// hear it with it), and, given a text, a success message once it is done. A refusal of the business
// says its own text there unless the form says more itself (ADR 032).
import type { ReactNode } from "react";
import type { Failure } from "../lib/failure";
import { useTranslation } from "../lib/i18n";
import { refusalText } from "../lib/refusal";
import { Alert } from "./alert";

type Props = {
  form: { showAlert: boolean; done: boolean; failure?: Failure; errors?: Record<string, string | undefined> };
  /** The success message; without it a success shows nothing here. */
  done?: string;
  /** Under the error's title: what this failure means and the way on (nothing: the title alone). */
  children?: ReactNode;
};

export function FormAlert({ form, done, children }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {done && form.done && <Alert tone="success" title={done} />}
      {form.showAlert && (
        <Alert tone="error" title={t("validation.failed")}>
          {/* A refusal the form says at its field is not said twice. */}
          {children ?? (explainedAtField(form.errors) ? undefined : refusalText(t, form.failure))}
        </Alert>
      )}
    </>
  );
}

const explainedAtField = (errors: Record<string, string | undefined> | undefined) =>
  Object.values(errors ?? {}).some(Boolean);

/** A failed call's alert outside a form: its title (the spec's "There was an error" unless given) and
 * the refusal's own text under it, in the viewer's language (ADR 032). */
export function FailureAlert({ failure, title }: { failure: Failure; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" title={title ?? t("validation.failed")}>
      {refusalText(t, failure)}
    </Alert>
  );
}
