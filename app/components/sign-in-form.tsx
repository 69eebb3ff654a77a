// The e-mail and password form of the two ways in, sign-in (/login) and sign-up (/new): both sign in
// at once and reload the page on success (spec section 4), and on failure show the spec's alert
// "There was an error" (with, for sign-up, "email_taken" explained at the e-mail field; for sign-in, an
// e-mail address and password that do not match explained in the alert, with the way to a new password).
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { Link } from "react-router";
import { invalidCredentials, type SignInResult } from "../lib/auth";
import { useFormSubmit, type FieldErrors } from "../lib/use-form-submit";
import { Button } from "./button";
import { EmailField } from "./email-field";
import { FormAlert } from "./form-alert";
import { TextField } from "./text-field";

type Props = {
  /** How the password field differs: a new password has a hint and a minimum length. */
  password: { name: string; autoComplete: string; hint?: string; minLength?: number };
  /** The browser's checks of both fields, as i18n keys. */
  check: (email: string, password: string) => FieldErrors<"email" | "password">;
  /** Signs in (login or signup of app/lib/auth.ts), which reloads the page when it works. */
  send: (email: string, password: string) => Promise<SignInResult>;
  submit: string;
  busy: string;
  /** Links below the button. */
  children?: ReactNode;
  /** Above the fields: what signing in here leads to (a page being claimed). */
  notice?: ReactNode;
  /** The address to start with (one the visitor typed on the other form). */
  initialEmail?: string;
  /** Below the e-mail field after a failure: a way on for that code (sign in instead of signing up). */
  failureHelp?: (code: string | undefined, email: string) => ReactNode;
  /** Where a forgotten password is reset: offered in the alert when the password does not match. */
  resetPasswordHref?: string;
};

export function SignInForm({
  password: passwordField,
  check,
  send,
  submit,
  busy,
  children,
  notice,
  initialEmail = "",
  failureHelp,
  resetPasswordHref,
}: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const form = useFormSubmit({ fields: ["email", "password"] });

  const onSubmit = (event: FormEvent) =>
    form.submit(event, {
      check: () => check(email, password),
      send: () => send(email, password),
      // Success reloads the page; the route's rule then sends the user on.
      staysBusy: true,
    });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {notice}
      <FormAlert form={form}>
        {resetPasswordHref && form.failure?.code === invalidCredentials && (
          <p>
            {t("auth.login.mismatch")}{" "}
            {/* The address typed here fills in the reset form (navigation state: not in the address). */}
            <Link
              to={resetPasswordHref}
              state={{ email: email.trim() }}
              className="font-semibold underline underline-offset-2"
            >
              {t("auth.login.resetPassword")}
            </Link>
          </p>
        )}
      </FormAlert>
      <EmailField value={email} onChange={setEmail} error={form.errors.email} />
      {form.state === "failed" && failureHelp?.(form.failure?.code, email)}
      <TextField
        label={t("auth.password")}
        hint={passwordField.hint}
        type="password"
        name={passwordField.name}
        autoComplete={passwordField.autoComplete}
        required
        minLength={passwordField.minLength}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={form.message("password")}
      />
      <Button type="submit" busy={form.busy}>
        {form.busy ? busy : submit}
      </Button>
      {children}
    </form>
  );
}

/**
 * Below a sign-in form: the way to reset a forgotten password, and to make an account instead (the
 * customer's sign-in and the partner's say the same, each naming its own sign-up).
 */
export function SignInLinks({
  noAccount,
  signUp,
  signUpHref,
}: {
  noAccount: string;
  signUp: string;
  signUpHref: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm">
        <Link to="/forgot-password" className="text-brand underline">
          {t("auth.login.forgot")}
        </Link>
      </p>
      <p className="text-sm text-muted">
        {noAccount}{" "}
        <Link to={signUpHref} className="font-medium text-brand underline">
          {signUp}
        </Link>
      </p>
    </>
  );
}
